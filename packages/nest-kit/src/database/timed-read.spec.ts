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

  it('sets statement variables beside the limit, for that statement only, and nothing on SQLite', () => {
    const variables = { group_concat_max_len: 4194304 };
    expect(limitStatement(sql, 'mariadb', 250, variables)).toBe(`SET STATEMENT max_statement_time=0.250, group_concat_max_len=4194304 FOR ${sql}`);
    expect(limitStatement(sql, 'mysql', 250, variables)).toBe(
      'SELECT /*+ MAX_EXECUTION_TIME(250) SET_VAR(group_concat_max_len=4194304) */ `s`.`id` FROM `services` `s` WHERE `s`.`status` = ?',
    );
    expect(limitStatement(sql, 'sqlite', 250, variables)).toBe(sql);
  });

  it('refuses a variable that is not a plain name with a whole number', () => {
    expect(() => limitStatement(sql, 'mariadb', 250, { 'sql_mode=1; DROP': 1 })).toThrow(/Not a statement variable/);
    expect(() => limitStatement(sql, 'mariadb', 250, { group_concat_max_len: 1.5 })).toThrow(/Not a statement variable/);
  });

  it('refuses anything but a SELECT', () => {
    expect(() => limitStatement('UPDATE services SET status = ?', 'mariadb', 250)).toThrow(/Only a SELECT/);
  });
});
