import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { portsOf, simulatedPorts } from './app.ts';
import type { Courier } from './domains/recordcopy/index.ts';
import { MODULES } from './modules.ts';
import type { Db } from './platform/database/connect.ts';
import type { DomainModule } from './platform/module.ts';
import type { SmsSender } from './platform/sms.ts';
import { schema } from './schema.ts';

const modules = MODULES as readonly DomainModule[];
const domainsDir = new URL('./domains/', import.meta.url);
const domainFolders = readdirSync(domainsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const realSms: SmsSender = { kind: 'real', send: async () => undefined };
const db = {} as Db;

describe('the modules', () => {
  it('are every domain folder, once each', () => {
    const names = modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(domainFolders);
  });

  it('each declare their tables.ts as their tables, and the schema holds every table once', async () => {
    const seen = new Map<string, string>();
    for (const folder of domainFolders) {
      const files = readdirSync(new URL(`${folder}/`, domainsDir));
      const module = modules.find((m) => m.name === folder);
      if (!files.includes('tables.ts')) {
        expect(module?.tables, `${folder} has no tables.ts`).toBeUndefined();
        continue;
      }
      const tables = await import(`./domains/${folder}/tables.ts`);
      expect(Object.keys(module?.tables ?? {}).sort(), `${folder}'s tables`).toEqual(
        Object.keys(tables).sort(),
      );
      for (const name of Object.keys(tables)) {
        expect(seen.get(name), `${name} of ${folder}`).toBeUndefined();
        seen.set(name, folder);
        expect((schema as Record<string, unknown>)[name]).toBe(tables[name]);
      }
    }
    expect(schema.users).toBeDefined();
    expect(schema.sessions).toBeDefined();
  });
});

describe('simulatedPorts', () => {
  const declared = modules.flatMap((m) => Object.keys(m.ports ?? {}));

  it('outside production, names every declared port: each defaults to its simulation', () => {
    expect(declared).toEqual(
      expect.arrayContaining([
        'smsSender',
        'cityServiceEnergy',
        'faceVerification',
        'insuranceCentre',
        'corpDirectory',
        'fileStorage',
        'courier',
        'nucleicAcidLab',
        'patientIndex',
        'healthCardPlatform',
        'scheduleHis',
      ]),
    );
    expect(new Set(declared).size).toBe(declared.length);
    expect(simulatedPorts({ db, production: false, corpEnv: {} })).toEqual(declared);
  });

  it('in production, leaves out the ports whose default there is none and those given a real implementation', () => {
    const courier = {
      company: '某快递',
      trackingNoFor: () => 'T1',
      track: () => ({ state: 'POSTED', events: [] }),
    } as unknown as Courier;
    const simulated = simulatedPorts({ db, production: true, smsSender: realSms, corpEnv: {}, courier });
    expect(simulated).toEqual(
      expect.arrayContaining([
        'cityServiceEnergy',
        'fileStorage',
        'insuranceCentre',
        'nucleicAcidLab',
        'patientIndex',
        'healthCardPlatform',
        'scheduleHis',
      ]),
    );
    for (const name of ['smsSender', 'faceVerification', 'corpDirectory', 'courier']) {
      expect(simulated).not.toContain(name);
    }
  });

  it('portsOf tells the module of each port and whether the options gave it', () => {
    const ports = portsOf({ db, production: true, smsSender: realSms, corpEnv: {} });
    expect(ports.find((p) => p.name === 'smsSender')).toEqual({
      name: 'smsSender',
      module: 'accounts',
      given: true,
      simulated: false,
    });
    expect(ports.find((p) => p.name === 'courier')).toEqual({
      name: 'courier',
      module: 'recordcopy',
      given: false,
      simulated: true,
    });
  });

  it('names a simulation given explicitly, even in production', async () => {
    const { SimulatedCorpDirectory } = await import('./domains/staff/index.ts');
    expect(
      simulatedPorts({
        db,
        production: true,
        smsSender: realSms,
        corpDirectory: new SimulatedCorpDirectory(),
      }),
    ).toContain('corpDirectory');
  });

  it('does not count a real adapter configured by the environment (WECOM_*)', () => {
    const env = { WECOM_CORP_ID: 'ww1', WECOM_CORP_SECRET: 's', WECOM_AGENT_ID: '1' };
    expect(simulatedPorts({ db, production: true, smsSender: realSms, corpEnv: env })).not.toContain(
      'corpDirectory',
    );
  });
});
