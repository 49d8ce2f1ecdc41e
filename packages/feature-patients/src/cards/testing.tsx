/**
 * Test helpers of the cards and codes screens (not used by the app): the loopback service, fixtures, a
 * router around one screen, and the confirm dialog's buttons.
 */
import { configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import type { Contact, MedicalCard } from '@patient/contract';
import { SERVICE_PREFIX } from '@patient/contract';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const ok = (results: unknown): Reply => ({
  body: { state: 200, msg: null, subMsg: null, subCode: null, results },
});
export const fail = (state: number, msg: string): Reply => ({
  body: { state, msg, subMsg: msg, subCode: null, results: null },
});

export type Routes = Record<string, (request: Received) => Reply>;

/** A handler answering 'METHOD /path' (path without the service prefix, decoded); anything else is a 404. */
export function routes(table: Routes) {
  return (request: Received): Reply => {
    const path = decodeURIComponent(request.path.slice(SERVICE_PREFIX.hospital.length));
    const answer = table[`${request.method} ${path}`];
    return answer ? answer(request) : { status: 404, body: { state: 404, msg: '接口不存在' } };
  };
}

/** The requests other than `except` (e.g. the look-ups a screen makes on entry), as 'METHOD /path'. */
export function sent(server: TestServer, ...except: string[]): string[] {
  return server.received
    .map((r) => `${r.method} ${decodeURIComponent(r.path.slice(SERVICE_PREFIX.hospital.length))}`)
    .filter((line) => !except.includes(line));
}

/** Starts the loopback service for the file and resets it, the app state and the screen after each test. */
export function setupService(): { server: TestServer; toasts: string[] } {
  const context = { server: null as unknown as TestServer, toasts: [] as string[] };
  beforeAll(async () => {
    context.server = await startServer({ corsOrigin: window.location.origin });
    configureApi({
      baseURL: context.server.baseURL,
      ui: { toast: (m) => void context.toasts.push(m), alert: async () => {} },
      navigate: () => {},
      redirect: () => {},
    });
  });
  afterEach(() => {
    cleanup();
    context.server.reset();
    context.toasts.length = 0;
    appStore.getState().resetUser();
    appStore.getState().update((s) => {
      s.hospitalId = '1000';
      s.hospitalName = '示范人民医院';
    });
  });
  afterAll(() => context.server.close());
  appStore.getState().update((s) => {
    s.hospitalId = '1000';
    s.hospitalName = '示范人民医院';
  });
  return {
    get server() {
      return context.server;
    },
    toasts: context.toasts,
  };
}

export const ID_ZHANG = '110105198503152313';
export const ID_WANG = '410102195806120026';

export function contact(
  contactId: string,
  name: string,
  documentNumber: string,
  extra: Partial<Contact['contactDO']> = {},
): Contact {
  return {
    contactId,
    createdAt: '2026-01-01T00:00:00.000Z',
    contactDO: {
      name,
      documentType: 'IDENTITY_CARD',
      documentNumber,
      phone: '13800138000',
      phoneVerified: true,
      sex: null,
      birthDate: null,
      relation: 'SELF',
      isDefault: false,
      certified: true,
      notify: true,
      address: null,
      ethnicity: null,
      occupation: null,
      ...extra,
    },
  };
}

export function card(cardId: string, medicalCardNo: string, extra: Partial<MedicalCard> = {}): MedicalCard {
  return {
    cardId,
    contactId: '1',
    medicalCardNo,
    hospitalId: '1000',
    identityCard: ID_ZHANG,
    patientName: '张伟',
    type: 'HOSPITAL_CARD',
    isDefault: false,
    ...extra,
  };
}

/** Renders `element` at `path` (pattern `pattern`), after the history entries `before`; other paths show ELSEWHERE. */
export function renderAt(
  pattern: string,
  element: ReactElement,
  path: string,
  state?: unknown,
  before: string[] = [],
): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <p>ELSEWHERE</p> },
    ],
    { initialEntries: [...before, state === undefined ? path : { pathname: path, state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const buttons = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.rv-dialog button')].filter(
    (b) => b.textContent === label,
  );

/** Waits for the confirm dialog opened by `open()` and presses its `label` button. */
export async function answerDialog(open: () => void, label: string): Promise<void> {
  const before = buttons(label).length;
  open();
  await waitFor(() => expect(buttons(label).length).toBeGreaterThan(before));
  buttons(label).at(-1)!.click();
}

/** Waits until the page body shows `text` (toasts render outside the screen). */
export async function bodyShows(text: string): Promise<void> {
  await waitFor(() => expect(document.body.textContent).toContain(text), { timeout: 8000 });
}
