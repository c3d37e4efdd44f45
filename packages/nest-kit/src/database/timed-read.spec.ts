import { limitStatement } from './timed-read.js';

describe('limitStatement', () => {
  const sql = 'SELECT `s`.`id` FROM `services` `s` WHERE `s`.`status` = ?';

  it('wraps a MariaDB read in SET STATEMENT max_statement_time, in seconds', () => {
    expect(limitStatement(sql, 'mariadb', 250)).toBe(`SET STATEMENT max_statement_time=0.250 FOR ${sql}`);
  });

  it('gives a MySQL read the MAX_EXECUTION_TIME hint, in milliseconds', () => {
    expect(limitStatement(sql, 'mysql', 250)).toBe('SELECT /*+ MAX_EXECUTION_TIME(250) */ `s`.`id` FROM `services` `s` WHERE `s`.`status` = ?');
  });

  it('leaves SQLite, which has no server to stop it, as it is', () => {
    expect(limitStatement(sql, 'sqlite', 250)).toBe(sql);
  });

  it('refuses anything but a SELECT', () => {
    expect(() => limitStatement('UPDATE services SET status = ?', 'mariadb', 250)).toThrow(/Only a SELECT/);
  });
});
