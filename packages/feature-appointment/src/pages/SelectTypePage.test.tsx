import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { harness } from '../schedule/testing.tsx';
import SelectTypePage from './SelectTypePage.tsx';

const ctx = setupFeature(harness);

describe('SelectTypePage', () => {
  it('offers scheduled and same-day booking and the schedule views, sending nothing', async () => {
    const router = renderAt({ '/selectType': <SelectTypePage /> }, '/selectType');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/depts',
      '/today/depts',
      '/outpatientSchedule',
      '/multiple/dept/schedule',
      '/appointmentList',
    ]);
    fireEvent.click(screen.getByRole('link', { name: /当日挂号/ }));
    expect(router.state.location.pathname).toBe('/today/depts');
    expect(ctx.server.received).toHaveLength(0);
  });
});
