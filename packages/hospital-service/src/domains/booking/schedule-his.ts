import { askOutside } from '../../platform/outside-system.ts';
import type { Period } from './rules.ts';

/** The HIS as the patient reads it in a refusal (askOutside's system name). */
export const SCHEDULE_SYSTEM = '医院信息系统（HIS）号源';

/** A bookable time range of a half-day with its places. */
export interface HisSlot {
  /** 'HH:mm', China time. */
  startTime: string;
  endTime: string;
  capacity: number;
  /** Places other channels (windows, kiosks, phone) already took. */
  taken: number;
}

/** One clinic's (a doctor's, or a department's without a named doctor) half-day, in the HIS's own codes. */
export interface HisSchedule {
  hospitalId: string;
  departmentCode: string;
  /** null: the department's clinic without a named doctor. */
  doctorCode: string | null;
  /** 'YYYY-MM-DD', China date. */
  date: string;
  period: Period;
  startTime: string;
  endTime: string;
  sourceType: 'NORMAL' | 'EXPERT' | 'EMERGENCY' | 'DEPARTMENT' | 'VIP';
  /** Registration fee, in fen. */
  fee: number;
  /** OPEN: bookable (its places may all be gone); STOPPED: the clinic is stopped (停诊); NO_SOURCE: no places. */
  state: 'OPEN' | 'STOPPED' | 'NO_SOURCE';
  /** Places of the half-day, and those still free for the app. */
  places: number;
  remaining: number;
  /** The HIS's own time slots; absent: the service splits the half-day hourly (README 'Sources and places'). */
  slots?: HisSlot[];
}

/** A slot as the HIS knows it: a clinic's half-day and its time range. */
export interface HisSlotRef {
  hospitalId: string;
  departmentCode: string;
  doctorCode: string | null;
  date: string;
  period: Period;
  startTime: string;
  endTime: string;
}

/** A place the HIS keeps for an order until `expiresAt` (then it frees it by itself). */
export interface HisHold {
  holdRef: string;
  expiresAt: Date;
}

/** What the HIS is told of a paid order: whom the place is for and the payment. */
export interface HisConfirmation {
  orderNo: string;
  patient: { name: string; identityCard: string; medicalCardNo: string };
  /** What was paid through the app, in fen, and when. */
  paidFen: number;
  paidAt: Date;
}

/**
 * The HIS's schedules and slot stock (号源) as the service needs them. The service's tables stay the cache the
 * screens read; the HIS holds, confirms and releases each place an order takes. Every method may be slow or
 * fail: handlers call it through {@link askScheduleHis} before writing. Documented in this domain's README.
 */
export interface ScheduleHis {
  /** How long one call may take before the patient is told the HIS does not answer (default 8 s). */
  readonly timeoutMs?: number;
  /** The schedules of a hospital on the dates (China dates), optionally of one department or doctor. */
  schedules(query: {
    hospitalId: string;
    dates: readonly string[];
    departmentCode?: string;
    doctorCode?: string;
  }): Promise<HisSchedule[]>;
  /**
   * Holds a place of the slot for our order `orderNo` until about `until` (the HIS may keep it shorter: its
   * `expiresAt`). Idempotent by `orderNo`: asking again answers the same hold. Throws {@link ScheduleHisRefusal}
   * when the HIS will not hold one (full: `full` true; stopped, closed…: its reason).
   */
  hold(request: {
    orderNo: string;
    slot: HisSlotRef;
    until: Date;
    /** The patient when known (the app chooses the patient after holding: null then). */
    patient: { name: string; identityCard: string } | null;
  }): Promise<HisHold>;
  /**
   * The order was paid: the hold becomes the patient's appointment. Idempotent (a confirmed hold answers
   * again). A hold that ran out or was released is taken again when the slot still has a place, otherwise
   * {@link ScheduleHisRefusal}.
   */
  confirm(holdRef: string, confirmation: HisConfirmation): Promise<{ visitNumber: string | null }>;
  /** Frees the place (a hold let go or expired, an appointment cancelled). Idempotent; an unknown hold is no error. */
  release(holdRef: string): Promise<void>;
}

/** The HIS will not hold or confirm the place: full, or its own reason (in Chinese). Not a failure. */
export class ScheduleHisRefusal extends Error {
  constructor(
    message: string,
    /** The slot has no place left (the patient is told 号源已约满). */
    readonly full = false,
  ) {
    super(message);
    this.name = 'ScheduleHisRefusal';
  }
}

/** Asks the schedule HIS through {@link askOutside}: a failure or time-out is a 503, its refusals pass. */
export const askScheduleHis = <T>(his: ScheduleHis, call: (his: ScheduleHis) => Promise<T>) =>
  askOutside(SCHEDULE_SYSTEM, () => call(his), {
    timeoutMs: his.timeoutMs,
    passThrough: (error) => error instanceof ScheduleHisRefusal,
  });

/** A slot's key in the simulated book. */
const slotKey = (s: HisSlotRef) =>
  [s.hospitalId, s.departmentCode, s.doctorCode ?? '', s.date, s.period, s.startTime, s.endTime].join('|');

/**
 * The hourly split of a half-day the service makes when the HIS gives no slots (the same arithmetic as
 * addMissingSources): places spread over the hours, earlier hours get the odd ones; places taken fill from the
 * first hour on.
 */
export function hourlySlots(
  s: Pick<HisSchedule, 'startTime' | 'endTime' | 'places' | 'remaining'>,
): HisSlot[] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const first = minutes(s.startTime);
  const end = minutes(s.endTime);
  if (s.places <= 0) return [];
  const count = Math.ceil((end - first) / 60);
  const base = Math.floor(s.places / count);
  const odd = s.places % count;
  const taken = s.places - s.remaining;
  return Array.from({ length: count }, (_, i) => {
    const capacity = base + (i < odd ? 1 : 0);
    const before = i * base + Math.min(i, odd);
    return {
      startTime: hhmm(first + 60 * i),
      endTime: hhmm(Math.min(first + 60 * (i + 1), end)),
      capacity,
      taken: Math.min(capacity, Math.max(0, taken - before)),
    };
  });
}

interface SimulatedHoldRecord {
  holdRef: string;
  orderNo: string;
  key: string;
  expiresAt: Date;
  state: 'HELD' | 'CONFIRMED' | 'RELEASED';
  visitNumber: string | null;
}

/** How long the simulated HIS keeps a hold at most. */
const SIMULATED_MAX_HOLD_MS = 30 * 60_000;

/**
 * The simulated HIS: its schedules come from `plan` (the seeded roll, schedule-roll.ts), and it keeps its holds
 * in the process's memory. It knows the places of the slots it listed (schedules) and refuses a hold beyond
 * them; a slot it did not list in this process (listed by another instance, or before a restart) it holds
 * without counting, leaving the guarantee to the service's database (sources_capacity) as before.
 */
export class SimulatedScheduleHis implements ScheduleHis {
  readonly simulated = true;
  private readonly capacity = new Map<string, number>();
  private readonly stopped = new Set<string>();
  private readonly holds = new Map<string, SimulatedHoldRecord>();
  private readonly byOrder = new Map<string, string>();
  private sequence = 0;

  constructor(
    private readonly plan: (hospitalId: string, dates: readonly string[]) => Promise<HisSchedule[]>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async schedules(query: {
    hospitalId: string;
    dates: readonly string[];
    departmentCode?: string;
    doctorCode?: string;
  }): Promise<HisSchedule[]> {
    const listed = (await this.plan(query.hospitalId, query.dates)).filter(
      (s) =>
        (!query.departmentCode || s.departmentCode === query.departmentCode) &&
        (!query.doctorCode || s.doctorCode === query.doctorCode),
    );
    for (const s of listed) {
      for (const slot of s.slots ?? hourlySlots(s)) {
        const key = slotKey({ ...s, ...slot });
        this.capacity.set(key, slot.capacity - slot.taken);
        if (s.state === 'STOPPED') this.stopped.add(key);
      }
    }
    return listed;
  }

  async hold(request: {
    orderNo: string;
    slot: HisSlotRef;
    until: Date;
    patient: { name: string; identityCard: string } | null;
  }): Promise<HisHold> {
    const known = this.byOrder.get(request.orderNo);
    const existing = known ? this.holds.get(known) : undefined;
    if (existing && existing.state !== 'RELEASED' && this.live(existing)) {
      return { holdRef: existing.holdRef, expiresAt: existing.expiresAt };
    }
    const key = slotKey(request.slot);
    this.takePlace(key, request.orderNo);
    const now = this.now().getTime();
    const expiresAt = new Date(Math.min(request.until.getTime(), now + SIMULATED_MAX_HOLD_MS));
    const holdRef = `SIMHOLD${String(++this.sequence).padStart(8, '0')}`;
    this.holds.set(holdRef, {
      holdRef,
      orderNo: request.orderNo,
      key,
      expiresAt,
      state: 'HELD',
      visitNumber: null,
    });
    this.byOrder.set(request.orderNo, holdRef);
    return { holdRef, expiresAt };
  }

  async confirm(holdRef: string, confirmation: HisConfirmation): Promise<{ visitNumber: string | null }> {
    const hold = this.holds.get(holdRef);
    if (!hold || hold.orderNo !== confirmation.orderNo)
      throw new ScheduleHisRefusal('医院系统中没有该预约的号源保留');
    if (hold.state === 'CONFIRMED') return { visitNumber: hold.visitNumber };
    if (hold.state === 'RELEASED' || !this.live(hold)) {
      // Ran out or let go: taken again when the slot still has a place.
      hold.state = 'RELEASED';
      this.takePlace(hold.key, hold.orderNo);
    }
    hold.state = 'CONFIRMED';
    hold.visitNumber = null;
    return { visitNumber: hold.visitNumber };
  }

  async release(holdRef: string): Promise<void> {
    const hold = this.holds.get(holdRef);
    if (hold) hold.state = 'RELEASED';
  }

  /** Whether a hold (not confirmed) still keeps its place. */
  private live(hold: SimulatedHoldRecord): boolean {
    return hold.state === 'CONFIRMED' || (hold.state === 'HELD' && hold.expiresAt > this.now());
  }

  /** Refuses when the slot it knows is stopped or has no place left for another order. */
  private takePlace(key: string, orderNo: string): void {
    if (this.stopped.has(key)) throw new ScheduleHisRefusal('该时段已停诊，请选择其他号源');
    const places = this.capacity.get(key);
    if (places === undefined) return;
    let used = 0;
    for (const h of this.holds.values()) {
      if (h.key === key && h.orderNo !== orderNo && this.live(h)) used++;
    }
    if (used >= places) throw new ScheduleHisRefusal('号源已约满', true);
  }
}
