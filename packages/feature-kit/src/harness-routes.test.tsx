import { api } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { listContacts } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import { makeContact, ok, setupFeature } from './testing.tsx';

const ctx = setupFeature({
  routes: () => [['GET', /^\/contacts$/, () => ok([makeContact('2', '王秀兰')])]],
  seed: { contacts: null },
});

describe('setupFeature with a route table', () => {
  it('answers from the table, overrides first; contacts: null leaves them unloaded', async () => {
    expect(appStore.getState()).toMatchObject({ hospitalId: '1000', contacts: [], contactsLoaded: false });
    const names = async () =>
      (await api.request(listContacts, { query: { time: '1' } })).map((c) => c.contactDO.name);
    expect(await names()).toEqual(['王秀兰']);
    ctx.service.override('GET /contacts', ok([]));
    expect(await names()).toEqual([]);
  });
});
