import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_TABLE, type RouteRule } from '../src/routing/route-table.js';

const ALL = 'all';

/** The cells docs/routing.md shows for a rule. */
const cells = (rule: RouteRule, index: number) => [
  String(index + 1),
  `\`${rule.path}\``,
  rule.methods ? rule.methods.join(', ') : ALL,
  rule.to,
  rule.to === 'gateway' ? '—' : rule.strip ? `without \`${rule.strip}\`` : 'unchanged',
];

/** The rows of the table under "## Route table". */
function documentedRows(markdown: string): string[][] {
  const section = markdown.split('## Route table')[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

describe('docs/routing.md', () => {
  it('shows exactly the route table of route-table.ts, in order', () => {
    const markdown = readFileSync(join(import.meta.dirname, '../../../docs/routing.md'), 'utf8');
    expect(documentedRows(markdown)).toEqual(ROUTE_TABLE.map(cells));
  });
});
