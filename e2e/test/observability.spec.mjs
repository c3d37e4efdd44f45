// infra/observability ships what an operator loads into Prometheus and Grafana. No Prometheus or
// Grafana here: the alert rules are checked against prometheus-operator's rule-file schema (the
// PrometheusRule `spec` is the rule file: its validator and its TypeScript types), the dashboard
// against Grafana's own published dashboard types (@grafana/schema, generated from Grafana's schema),
// every PromQL expression by Prometheus's own parser (@prometheus-io/lezer-promql), and every metric
// an expression reads must be one the services really export (nest-kit's Metrics and prom-client's
// default metrics).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { parser } from '@prometheus-io/lezer-promql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { parse } from 'yaml';
import { typeCheckSource } from '../support/type-check.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES_FILE = path.join(ROOT, 'infra/observability/prometheus/alert-rules.yaml');
const DASHBOARD_FILE = path.join(ROOT, 'infra/observability/grafana/khidma-overview.json');
const METRICS_SOURCE = path.join(ROOT, 'packages/nest-kit/src/metrics/metrics.service.ts');

const rules = parse(fs.readFileSync(RULES_FILE, 'utf8'));
const dashboard = JSON.parse(fs.readFileSync(DASHBOARD_FILE, 'utf8'));

/** Series names the processes export: nest-kit's own (histograms add _bucket/_sum/_count) and prom-client's defaults. */
function exportedSeries() {
  const source = fs.readFileSync(METRICS_SOURCE, 'utf8');
  const own = [...source.matchAll(/new (Histogram|Gauge|Counter)\(\{\s*name: '([a-z_:]+)'/g)].flatMap(([, type, name]) =>
    type === 'Histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
  );
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const defaults = registry.getMetricsAsArray().flatMap(({ name, type }) => (type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name]));
  return new Set([...own, ...defaults]);
}

/** Parse errors and metric names of one PromQL expression; Grafana's variables become what they stand for. */
function promql(expression) {
  const text = expression.replaceAll('$__rate_interval', '5m');
  const tree = parser.parse(text);
  const errors = [];
  const metrics = [];
  const cursor = tree.cursor();
  do {
    if (cursor.type.isError) errors.push(`at ${cursor.from}: ${JSON.stringify(text.slice(cursor.from, cursor.from + 20))}`);
    if (cursor.name === 'Identifier' && cursor.node.parent?.name === 'VectorSelector') metrics.push(text.slice(cursor.from, cursor.to));
  } while (cursor.next());
  if (tree.topNode.firstChild?.name === undefined) errors.push('empty');
  return { errors, metrics };
}

/** TypeScript's check (excess properties included) of `value` as `typeName` from `module`. */
function typeErrors(module, typeName, value) {
  const source = `import type { ${typeName} as T } from '${module}';\nexport const value: T = ${JSON.stringify(value)};\n`;
  return typeCheckSource(import.meta.dirname, '__observability__.mts', source).map(({ message }) => message.slice(0, 400));
}

const alerts = rules.groups.flatMap((group) => group.rules);
const dashboardPanels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const dashboardExpressions = [
  ...dashboardPanels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: `panel "${panel.title}" ${target.refId}`, expr: target.expr }))),
  ...dashboard.templating.list.filter((v) => v.type === 'query').map((v) => ({ where: `variable ${v.name}`, expr: v.query.query.replace(/^label_values\((\w+),\s*\w+\)$/, '$1') })),
];

describe('Prometheus alert rules (infra/observability/prometheus/alert-rules.yaml)', () => {
  test('is a valid rule file: the PrometheusRule schema and types accept it as the spec', () => {
    const object = { apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule', metadata: { name: 'khidma' }, spec: rules };
    expect(() => new PrometheusRule(object).validate()).not.toThrow();
    expect(typeErrors('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule', 'IPrometheusRule', object)).toEqual([]);
  });

  test('alerts on 5xx rate, p99 latency, queue depth and outbox lag, each with a severity and a summary', () => {
    const byName = Object.fromEntries(alerts.map((rule) => [rule.alert, rule]));
    expect(byName.KhidmaHigh5xxRate.expr).toContain('status_code=~"5.."');
    expect(byName.KhidmaHighP99Latency.expr).toMatch(/histogram_quantile\(0\.99,/);
    expect(byName.KhidmaQueueBacklog.expr).toContain('job_queue_jobs{state="waiting"}');
    expect(byName.KhidmaOutboxLag.expr).toContain('outbox_oldest_pending_age_seconds');
    for (const rule of alerts) {
      expect(rule.labels.severity).toMatch(/^(warning|critical)$/);
      expect(rule.annotations.summary).toBeTruthy();
    }
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
  });

  test('every expression parses as PromQL and reads only series the services export', () => {
    const exported = exportedSeries();
    for (const rule of alerts) {
      const { errors, metrics } = promql(rule.expr);
      expect({ alert: rule.alert, errors }).toEqual({ alert: rule.alert, errors: [] });
      expect(metrics.length).toBeGreaterThan(0);
      for (const metric of metrics) expect({ alert: rule.alert, metric, exported: exported.has(metric) }).toEqual({ alert: rule.alert, metric, exported: true });
    }
  });
});

describe('Grafana dashboard (infra/observability/grafana/khidma-overview.json)', () => {
  test("is a dashboard by Grafana's published schema types", () => {
    expect(typeErrors('@grafana/schema', 'Dashboard', dashboard)).toEqual([]);
    expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
    expect(new Set(dashboardPanels.map((panel) => panel.id)).size).toBe(dashboardPanels.length);
  });

  test('every query parses as PromQL and reads only series the services export', () => {
    const exported = exportedSeries();
    expect(dashboardExpressions.length).toBeGreaterThan(10);
    for (const { where, expr } of dashboardExpressions) {
      const { errors, metrics } = promql(expr);
      expect({ where, errors }).toEqual({ where, errors: [] });
      expect(metrics.length).toBeGreaterThan(0);
      for (const metric of metrics) expect({ where, metric, exported: exported.has(metric) }).toEqual({ where, metric, exported: true });
    }
  });

  test('panels query the dashboard\'s Prometheus data source variable', () => {
    for (const panel of dashboardPanels.filter((p) => p.type !== 'row')) expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
  });
});
