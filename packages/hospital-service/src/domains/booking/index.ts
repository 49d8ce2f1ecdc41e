/** Appointments: departments, doctors, schedules and their sources, booking rules, holds and orders. */
export { doubleBookings } from './double-bookings.ts';
export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export { syncHisHolds } from './his-holds.ts';
export { settlementOf, slotFull } from './order-routes.ts';
export {
  claimablePlaces,
  effectiveStatus,
  lockSources,
  type OrderRow,
  ownedOrder,
  paymentOfOrder,
  rulesOf,
  settleDueOrders,
  stopSchedule,
} from './orders.ts';
export { appointmentPayable } from './payable.ts';
export { normaliseKeyword, spell } from './pinyin.ts';
export { chinaInstant, chinaTime, PERIOD_NAME, type Period } from './rules.ts';
export {
  askScheduleHis,
  type HisConfirmation,
  type HisHold,
  type HisSchedule,
  type HisSlot,
  type HisSlotRef,
  SCHEDULE_SYSTEM,
  type ScheduleHis,
  ScheduleHisRefusal,
  SimulatedScheduleHis,
} from './schedule-his.ts';
export {
  addMissingSources,
  plannedFromCatalogue,
  planSchedules,
  refreshSchedules,
  SCHEDULE_DAYS,
  SCHEDULE_ROLL_LOCK,
  scheduleCatalogues,
  scheduleDaysFrom,
  seedSchedules,
  writeSchedules,
} from './schedule-roll.ts';
export { completeBookingCatalogue, seedBookingCatalogue } from './seed.ts';
export * from './tables.ts';

import { chinaDate } from '../../platform/clock.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { defineDomain } from '../../platform/module.ts';
import { setAppointmentDays } from '../hospitals/index.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { SimulatedCityServiceEnergy } from './city-service-energy.ts';
import './deps.ts';
import { registerBookingDevRoutes } from './dev.ts';
import { energyRoutes } from './energy-routes.ts';
import { syncHisHolds } from './his-holds.ts';
import { orderRoutes } from './order-routes.ts';
import { settleDueOrders } from './orders.ts';
import { appointmentPayable } from './payable.ts';
import { SimulatedScheduleHis } from './schedule-his.ts';
import {
  addMissingSources,
  plannedFromCatalogue,
  refreshSchedules,
  scheduleDaysFrom,
  seedSchedules,
} from './schedule-roll.ts';
import { completeBookingCatalogue, seedBookingCatalogue } from './seed.ts';
import * as tables from './tables.ts';

/** Appointments; seeds the booking catalogue, then SCHEDULE_DAYS days of schedules with their sources. */
export const bookingModule = defineDomain({
  name: 'booking',
  tables,
  ports: {
    cityServiceEnergy: () => new SimulatedCityServiceEnergy(),
    // The seeded roll over this database's catalogue; holds in the process's memory.
    scheduleHis: ({ db, clock }) =>
      new SimulatedScheduleHis(db ? plannedFromCatalogue(db, clock) : async () => [], () => clock.now()),
  },
  routes: ({ ports }) => [
    ...catalogueRoutes,
    ...orderRoutes(ports.scheduleHis),
    ...energyRoutes(ports.cityServiceEnergy),
  ],
  payables: [appointmentPayable],
  devRoutes: (app, { deps }) => registerBookingDevRoutes(app, deps),
  jobs: ({ deps, ports }) => [
    {
      // Expired holds become EXPIRED (their payments closed), ended bookings VISITED; then the HIS is told of the
      // holds paid or let go that it could not be told of at once. Reads derive the statuses from the stored
      // times anyway: nothing depends on the job's punctuality.
      name: 'booking-settle-due-orders',
      cron: '* * * * *',
      run: async (log) => {
        const settled = await deps.db.transaction(async (tx) =>
          settleDueOrders(tx, await transactionNow(tx, deps.clock)),
        );
        return { ...settled, hisHolds: await syncHisHolds(deps.db, ports.scheduleHis, log) };
      },
    },
    {
      // A new China day: the schedules move on from the HIS (a HIS that fails fails the run: pg-boss retries).
      name: 'booking-refresh-schedules',
      cron: '1 0 * * *',
      run: async () => ({ days: (await refreshSchedules(deps.db, deps.clock, ports.scheduleHis)) ?? 0 }),
    },
  ],
  seed: async (tx, { now }) => {
    const catalogue = await seedBookingCatalogue(tx);
    const today = chinaDate(now);
    const planned = await seedSchedules(tx, scheduleDaysFrom(today), today);
    return { summary: { ...catalogue, schedules: planned.schedules, sources: planned.sources } };
  },
  completeSeed: async (tx) => {
    // The booking window the app shows comes with the rules.
    await setAppointmentDays(tx, await completeBookingCatalogue(tx));
    await addMissingSources(tx);
    return {};
  },
});
