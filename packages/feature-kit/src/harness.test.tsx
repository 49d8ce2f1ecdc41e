import { api } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { listContacts } from '@patient/contract';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoopbackService, makeContact, ok, type Route, renderAt, sent, setupFeature } from './testing.tsx';

class FakeService extends LoopbackService {
  contacts = [makeContact('1', '张伟')];
  protected readonly routes: Route[] = [['GET', /^\/contacts$/, () => ok(this.contacts)]];
}

const configured: unknown[] = [];
let resets = 0;
const ctx = setupFeature({
  service: FakeService,
  seed: { hospitalName: '示范人民医院' },
  payment: {
    configurePayment: (changes) => void configured.push(changes),
    resetPaymentSettings: () => void resets++,
    pollDelaysMs: [0, 30],
  },
});

describe('setupFeature', () => {
  it('seeds hospital 1000 and 张伟 as the loaded default contact, over the fields given', () => {
    const state = appStore.getState();
    expect(state).toMatchObject({ hospitalId: '1000', hospitalName: '示范人民医院', contactsLoaded: true });
    expect(state.contacts.map((c) => [c.contactDO.name, c.contactDO.isDefault])).toEqual([['张伟', true]]);
  });

  it('answers with a fresh fake service for each test (1: change it)', async () => {
    ctx.service.contacts = [];
    expect(await api.request(listContacts, { query: { time: '1' } })).toEqual([]);
    appStore.getState().update((s) => {
      s.contacts = [];
    });
    sessionStorage.setItem('left', 'over');
  });

  it('answers with a fresh fake service for each test (2: it is back), state and sessionStorage too', async () => {
    expect(await api.request(listContacts, { query: { time: '1' } })).toHaveLength(1);
    expect(sent(ctx.server)).toEqual(['GET /contacts']);
    expect(appStore.getState().contacts).toHaveLength(1);
    expect(sessionStorage.getItem('left')).toBeNull();
  });

  it('wires payment: its settings with a redirect into `redirects`, reset after each test', () => {
    const last = configured.at(-1) as { redirect(url: string): void; pollDelaysMs: number[] };
    expect(last.pollDelaysMs).toEqual([0, 30]);
    last.redirect('http://cashier.test/pay/1');
    expect(ctx.redirects).toEqual(['http://cashier.test/pay/1']);
    expect(resets).toBe(configured.length - 1);
  });
});

describe('renderAt', () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return (
      <div>
        <button type="button" onClick={() => setCount(count + 1)}>{`点了 ${count} 次`}</button>
        <Link to="/other">别处</Link>
      </div>
    );
  }

  it('keeps a kept-alive screen as it was left', async () => {
    const router = renderAt({ '/x': <Counter />, '/other': <p>别处页面</p> }, '/x', { keepAlive: ['/x'] });
    screen.getByText('点了 0 次').click();
    await screen.findByText('点了 1 次');
    await router.navigate('/other');
    await screen.findByText('别处页面');
    await router.navigate('/x');
    expect(await screen.findByText('点了 1 次')).toBeTruthy();
  });

  it('shows ELSEWHERE <path> for other paths, with the navigation state given', async () => {
    const router = renderAt({ '/x': <Counter /> }, '/x?a=1', { state: { from: 'test' } });
    expect(router.state.location).toMatchObject({ pathname: '/x', search: '?a=1', state: { from: 'test' } });
    await router.navigate('/nowhere');
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('ELSEWHERE /nowhere');
  });
});
