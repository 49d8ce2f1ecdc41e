import { type APIRequestContext, expect, type Page } from '@playwright/test';
import routes from '../../packages/app-shell/src/spec-routes.json' with { type: 'json' };
import { CLOCK_START, SERVICE_URL } from './env.ts';
import { bookedAppointment, call, logIn, patientWithCard, staffSignedIn } from './journeys.ts';

/**
 * The crawl of every real route: a logged-in patient with real data behind the screens, the spec routes with
 * real values for their parameters, and the 'coming soon' screens told apart.
 */

const TODAY = CLOCK_START.slice(0, 10);

/** A valid 18-digit resident ID number: 17 digits and their check character (GB 11643). */
function residentId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

/** A person of each test's own: check-up requests and places are per person, and tests run in parallel. */
export const PEOPLE = [
  { name: '张桂兰', id: residentId('11010519480312004') },
  { name: '王秀珍', id: residentId('11010519510725006') },
  { name: '刘淑华', id: residentId('11010519460918002') },
];

const isoDay = (days: number) => {
  const d = new Date(`${TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

interface ScheduleItem {
  scheduleItemId: string;
  departmentId: string;
  deptId: string;
  doctorId: string | null;
  type: string | null;
  state: string;
}

/**
 * Logs in and makes what the screens show: a contact with a card, a paid appointment, a booked check-up (through
 * its screens), a reported and a paid nucleic acid test. Resolves to every spec route with real values for its
 * parameters, and the screens that are not spec routes (the inbox, a doctor's page).
 */
export async function routesWithData(
  page: Page,
  request: APIRequestContext,
  phone: string,
  person: (typeof PEOPLE)[number],
): Promise<string[]> {
  await logIn(page, request, phone);
  const patient = await patientWithCard(page, person.name, person.id, phone);
  const orderId = await bookedAppointment(page, patient, '1000', TODAY);
  const items = await call<ScheduleItem[]>(page.request, 'POST', '/v1/schedules/hospitals/1000/query', {
    startDate: isoDay(1),
    endDate: isoDay(3),
  });
  const item = items.find((i) => i.doctorId && i.state === 'APPOINTABLE') ?? items[0];
  const [queue] = await call<{ queueId: string; name: string }[]>(
    page.request,
    'GET',
    '/v2/queue/queueListV2/1000',
  );

  await page.goto('/checkAppoint/list');
  await page
    .getByRole('list', { name: '检查申请单' })
    .getByRole('button', { name: '预约', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkAppoint\/chooseDate\//);
  const chooseDate = new URL(page.url()).pathname;
  await page
    .getByRole('group', { name: /的时段$/ })
    .locator('label')
    .filter({ hasText: /余\d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkAppoint\/sureCheck\//);
  const sureCheck = new URL(page.url()).pathname;
  await page.getByRole('button', { name: '确认预约' }).click();
  await expect(page).toHaveURL(/\/checkAppoint\/checkSuccess\//);
  const checkSuccess = new URL(page.url()).pathname;

  // The health record and reports of the patient (the simulated HIS has visits for every filed person).
  const visits = await call<{ visits: { visitNo: string; patientId: string }[] }>(
    page.request,
    'POST',
    '/v1/patient/visits/1000',
    { contactId: patient.contactId },
  );
  const [visit] = visits.visits;
  // The visit's follow-ups (written by the service on first listing): one to open.
  const followUps = await call<{ taskId: string }[]>(page.request, 'POST', '/v1/patient/followUpList/1000', {
    contactId: patient.contactId,
    visitNo: visit.visitNo,
  });
  const reports = await call<{ reportId: string; kind: string; status: string; name: string }[]>(
    page.request,
    'POST',
    '/v1/report/list/1000',
    { contactId: patient.contactId },
  );
  const lab = reports.find((r) => r.kind === 'LAB' && r.status === 'READY') ?? reports[0];
  const imaging = reports.find((r) => r.kind === 'IMAGING' && r.status === 'READY') ?? reports[0];
  const cards = await call<{ medicalCardNo: string }[]>(
    page.request,
    'GET',
    `/cardInfo/${patient.contactId}`,
  );
  const [exam] = await call<{ examNo: string }[]>(
    page.request,
    'POST',
    '/v1/medical-examination/report/list',
    {
      hospitalId: '1000',
      contactId: patient.contactId,
    },
  );
  // Fees: the visit's orders (one merged into a pending charge), the stays, a pending deposit.
  const fees = await call<{ orderId: string }[]>(page.request, 'POST', '/v1/outpatient/officeCharges/1000', {
    contactId: patient.contactId,
  });
  const charge = await call<{ chargeId: string; total: number }>(
    page.request,
    'POST',
    '/v1/interOfficePayment/orderUniformly',
    { hospitalId: '1000', contactId: patient.contactId, orderIds: [fees[0].orderId] },
  );
  const stays = await call<{ inpatientId: string; status: string; admittedOn: string }[]>(
    page.request,
    'POST',
    '/v1/inpatient/inpatientInfoList/1000',
    { contactId: patient.contactId },
  );
  const inStay = stays.find((s) => s.status === 'IN_HOSPITAL') ?? stays[0];
  const discharged = stays.find((s) => s.status !== 'IN_HOSPITAL') ?? stays[0];
  const deposit = await call<{ depositId: string }>(page.request, 'POST', '/v1/inpatient/advancePayment', {
    inpatientId: inStay.inpatientId,
    amount: 100_000,
  });
  // Nucleic acid tests: one reported (its result on the detail), one paid and waiting (its QR code).
  const nucleicAcid = async (type: 'SINGLE' | 'MIXED') => {
    const { orderId: natId } = await call<{ orderId: string }>(page.request, 'POST', '/v1/natOrder', {
      hospitalId: '1000',
      contactId: patient.contactId,
      type,
    });
    const { sandbox } = await call<{ sandbox: { cashierUrl: string } }>(
      page.request,
      'POST',
      '/v1/pay_orders/js_pay',
      {
        orderType: 'NUCLEIC_ACID',
        orderId: natId,
        channel: 'SANDBOX',
        returnPath: `/nucleicAcidSuccess/${natId}`,
      },
    );
    await page.goto(sandbox.cashierUrl);
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(new RegExp(`/nucleicAcidSuccess/${natId}`));
    return natId;
  };
  const reportedTest = await nucleicAcid('SINGLE');
  for (let step = 0; step < 2; step++) {
    const moved = await request.post(`${SERVICE_URL}/__dev/nucleic-acid/advance`, {
      data: { orderId: reportedTest },
    });
    expect(moved.ok()).toBe(true);
  }
  const waitingTest = await nucleicAcid('MIXED');
  // Community screening: a campaign and a community, the patient's own screening (result and record list),
  // and a draft of the two forms for another community (the questionnaire screen reads it from the tab).
  const [street, west] = await call<
    { streetId: string; communities: { communityId: string; name: string }[] }[]
  >(page.request, 'GET', '/v1/healthScreening/list?hospitalId=1000');
  const community = street.communities[0];
  const health = {
    heightCm: 158,
    weightKg: 62,
    waistCm: 86,
    systolic: 146,
    diastolic: 88,
    fastingGlucose: 6.4,
    smoking: 'NEVER',
    drinking: 'NEVER',
    exercise: 'SOMETIMES',
    history: ['HYPERTENSION'],
    familyHistory: [],
  };
  const screeningPerson = {
    name: person.name,
    identityCard: person.id,
    phone,
    address: '城东街道幸福里社区3栋501室',
  };
  await call(page.request, 'POST', '/v1/healthScreening', {
    communityId: community.communityId,
    ...screeningPerson,
    health,
    answers: {
      q1: ['sometimes'],
      q2: ['no'],
      q3: ['no'],
      q4: ['no'],
      q5: ['salty'],
      q6: ['normal'],
      q7: ['bp'],
    },
  });
  const draftCommunity = west.communities[0];
  // feature-screening's draft (src/draft.ts): what the personal and health forms keep for the questionnaire.
  await page.evaluate((draft) => sessionStorage.setItem('patient.screening.draft', JSON.stringify(draft)), {
    communityId: draftCommunity.communityId,
    communityName: draftCommunity.name,
    person: { contactId: patient.contactId, ...screeningPerson },
    health,
  });
  const communityPath = (c: { communityId: string; name: string }) =>
    `${c.communityId}/${encodeURIComponent(c.name)}`;

  // Companion card: an application approved by the ward (development route), so the QR code shows.
  const [companionStay] = await call<{ stayId: string }[]>(
    page.request,
    'GET',
    '/v1/chaperonage/getChaperonageList?hospitalId=1000',
  );
  const declaration = await call<{ questions: { code: string; allowedAnswer: boolean }[] }>(
    page.request,
    'GET',
    '/v1/chaperonage/declaration?hospitalId=1000',
  );
  const companionCard = await call<{ cardId: string }>(
    page.request,
    'POST',
    '/v1/chaperonage/addChaperonageInfo',
    {
      hospitalId: '1000',
      stayId: companionStay.stayId,
      companionName: '王小明',
      companionIdCard: residentId('11010519800101001'),
      companionPhone: '13912345678',
      relation: 'CHILD',
      answers: declaration.questions.map((q) => ({ code: q.code, answer: q.allowedAnswer })),
      promised: true,
    },
  );
  const reviewed = await page.request.post(`${SERVICE_URL}/__dev/companion-card/review`, {
    data: { cardId: companionCard.cardId },
  });
  expect((await reviewed.json()).results.status).toBe('EFFECTIVE');
  // Bed reservation: an application of the patient's, and the ward nurse (李红, its ward's) signed in as well, so
  // that the nurse side's routes show her lists, this order and its log.
  const bed = await call<{ orderId: string }>(page.request, 'POST', '/v1/bedOrder', {
    hospitalId: '1000',
    contactId: patient.contactId,
    deptCode: 'W01',
    noticeNo: `E2E${person.id.slice(-8)}`,
    diagnosis: '冠心病',
    doctorName: '李明',
    phone,
  });
  await staffSignedIn(page.request, 'LiHong');
  const offered = await page.request.post('/wxcorp-service/v1/WXCorp/bedOrder/confirm', {
    data: { orderId: bed.orderId, date: isoDay(2), period: 'AM', bedNo: '12' },
    headers: { channelType: 'H5' },
  });
  expect(((await offered.json()) as { state: number }).state).toBe(200);
  const visitQuery = new URLSearchParams({
    hospitalId: '1000',
    contactId: patient.contactId,
    visitNo: visit.visitNo,
  });

  const values: Record<string, string> = {
    hospitalId: '1000',
    contactId: patient.contactId,
    cardId: patient.cardId,
    identityCard: person.id,
    idCard: person.id,
    patientName: person.name,
    name: person.name,
    orderId,
    detailId: orderId,
    departmentId: item.departmentId,
    deptId: item.deptId,
    doctorId: item.doctorId ?? '0',
    scheduleItemId: item.scheduleItemId,
    id: 'CT',
  };
  const special: Record<string, string> = {
    '/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId': `/schedule/${item.type ?? 'NORMAL'}/1000/${item.departmentId}/${item.doctorId ?? '0'}/${item.deptId}/${item.scheduleItemId}`,
    '/today/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId': `/today/schedule/${item.type ?? 'NORMAL'}/1000/${item.departmentId}/${item.doctorId ?? '0'}/${item.deptId}/${item.scheduleItemId}`,
    '/paySuccess/:type/:detailId': `/paySuccess/appointment/${orderId}`,
    '/chooseContact/:type': '/chooseContact/cards',
    '/chooseContactHisCard/:type/:contactId/:hospitalId/:identityCard/:patientName': `/chooseContactHisCard/all/${patient.contactId}/1000/${person.id}/${person.name}`,
    '/cancelReson': `/cancelReson?orderId=${orderId}`,
    '/checkAppoint/chooseDate/:brsqhm/:czyhid/:brjzlx/:zlxmbm/:cretbz/:sfjzpb/:xmlxid': chooseDate,
    '/checkAppoint/sureCheck/:brsqhm/:czyhid/:bryyrq/:kyzysl/:pbgzbh/:pbpcid/:pbsjfw': sureCheck,
    '/checkAppoint/checkSuccess/:brsqhm/:czyhid': checkSuccess,
    '/checkAppoint/detail/:brsqhm/:czyhid': checkSuccess.replace('/checkSuccess/', '/detail/'),
    '/patientRecord/recordDetail/:type/:patientId/:recordId/:otherId/:contactId': `/patientRecord/recordDetail/1/${visit.patientId}/${visit.visitNo}/1000/${patient.contactId}`,
    '/patientRecord/reportDetail/:type/:status/:reportId': `/patientRecord/reportDetail/imaging/ready/${imaging.reportId}`,
    '/patientRecord/reportList/:patientId/:recordId/:otherId': `/patientRecord/reportList/${visit.patientId}/${visit.visitNo}/1000?contactId=${patient.contactId}`,
    '/patientRecord/recordDetail/recipeList/:type': `/patientRecord/recordDetail/recipeList/1?${visitQuery}`,
    '/patientRecord/drugInstructions': '/patientRecord/drugInstructions?drugCode=YP0001',
    '/patientRecord/followUpList/:patientId/:recordId/:otherId': `/patientRecord/followUpList/${visit.patientId}/${visit.visitNo}/1000?contactId=${patient.contactId}`,
    '/patientRecord/followUpDetail/:status/:scaleId': `/patientRecord/followUpDetail/todo/${followUps[0].taskId}?visitNo=${visit.visitNo}`,
    '/medicalReportDetail': `/medicalReportDetail?examNo=${exam.examNo}&contactId=${patient.contactId}`,
    '/searchReport/resultDetail/:hospitalId/:type/:name/:reportId': `/searchReport/resultDetail/1000/lab/${encodeURIComponent(lab.name)}/${lab.reportId}`,
    '/reportDetail/pdf/:sampleId': `/reportDetail/pdf/${lab.reportId}`,
    '/reportApply/reportApplyDetail/:type/:requesitionDetailId': `/reportApply/reportApplyDetail/lab/SQ${lab.reportId}`,
    '/gapReport/resultList/:name/:cardNo/:startTime/:endTime': `/gapReport/resultList/${encodeURIComponent(person.name)}/${cards[0]?.medicalCardNo ?? '1000'}/${isoDay(-300)}/${TODAY}`,
    '/outpatientFee/detail/:type/:orderId': `/outpatientFee/detail/order/${fees[1]?.orderId ?? fees[0].orderId}`,
    '/outpatientFee/pay/:orderId/:price': `/outpatientFee/pay/${charge.chargeId}/${charge.total}`,
    '/outpatientFee/paySuccess': `/outpatientFee/paySuccess?chargeId=${charge.chargeId}`,
    '/inpatientFee/rechargePaySuccess': `/inpatientFee/rechargePaySuccess?depositId=${deposit.depositId}`,
    '/inpatientFee/inpatientPaySuccess': `/inpatientFee/inpatientPaySuccess?inpatientId=${discharged.inpatientId}`,
    '/inpatientFee/outFeeDetail/:inpatientId': `/inpatientFee/outFeeDetail/${discharged.inpatientId}`,
    '/dayFee/detail': `/dayFee/detail?inpatientId=${inStay.inpatientId}&date=${inStay.admittedOn}`,
    '/patientCareCard/detail/:id': `/patientCareCard/detail/${companionCard.cardId}`,
    '/patientCareCard/success/:id': `/patientCareCard/success/${companionCard.cardId}`,
    '/bedReservation/nurse/apply/:type': '/bedReservation/nurse/apply/pending',
    ...Object.fromEntries(
      ['success', 'detail', 'application', 'confirm'].map((p) => [
        `/bedReservation/patient/${p}/:orderId`,
        `/bedReservation/patient/${p}/${bed.orderId}`,
      ]),
    ),
    ...Object.fromEntries(
      ['application', 'record', 'detail'].map((p) => [
        `/bedReservation/nurse/${p}/:orderId`,
        `/bedReservation/nurse/${p}/${bed.orderId}`,
      ]),
    ),
    '/queueIndex/:contactId/:selectType': `/queueIndex/${patient.contactId}/1`,
    '/realqueue/detail/:id/:name': `/realqueue/detail/${queue.queueId}/${encodeURIComponent(queue.name)}`,
    '/nucleicAcidOrder/:type': '/nucleicAcidOrder/single',
    '/nucleicAcidSuccess/:orderId': `/nucleicAcidSuccess/${waitingTest}`,
    '/nucleicAcidDetail/:orderId': `/nucleicAcidDetail/${reportedTest}`,
    '/streetList/:streetId': `/streetList/${street.streetId}`,
    '/personalInfoForm/:streetId/:streetName': `/personalInfoForm/${communityPath(community)}`,
    '/healthInfoForm/:streetId/:streetName': `/healthInfoForm/${communityPath(draftCommunity)}`,
    '/realqueue/detailPlay/:id/:name': `/realqueue/detailPlay/${queue.queueId}/${encodeURIComponent(queue.name)}`,
  };
  const fill = (pattern: string) =>
    special[pattern] ??
    pattern.replace(/:(\w+)/g, (_, key: string) =>
      encodeURIComponent(values[key] ?? (/name/i.test(key) ? '张三' : '1')),
    );
  // The inbox (not a spec route): the booking above wrote its 预约成功.
  const inbox = await call<{ items: { notificationId: string }[] }>(
    page.request,
    'GET',
    '/v1/notifications?hospitalId=1000',
  );
  const messages = ['/messages', ...inbox.items.slice(0, 1).map((m) => `/messages/${m.notificationId}`)];
  // The doctor's page (not a spec route, feature-appointment): a doctor with clinics, so its schedule shows.
  const doctorId = item.doctorId ?? items.find((i) => i.doctorId)?.doctorId ?? '1';
  // 隐私与授权 (not spec routes): the documents, the consents, and the access log (the nurse's reads above).
  const privacy = ['/privacy/policy', '/privacy/agreement', '/privacy/consents', '/privacy/access'];
  const extra = [...messages, `/doctorHome/1000/${doctorId}`, ...privacy];
  return [...routes.map((r) => fill(r.path)).filter((p) => p !== '/'), ...extra, '/no-such-page'];
}

/**
 * The spec routes no feature provides yet: they all show the shell's same 'coming soon' screen. Found in one pass
 * in the page (in-app navigation, waiting only for the new screen past the shell's spinners), so that only one of
 * them is measured.
 */
export function comingSoon(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate(async (all) => {
    const current = () => {
      const here = [window.location.pathname, decodeURI(window.location.pathname)];
      return Array.from(document.querySelectorAll<HTMLElement>('#root [data-screen]')).find(
        (el) => !el.hidden && here.includes(el.dataset.screen ?? ''),
      );
    };
    const soon: string[] = [];
    for (const path of all) {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
      // The new screen, past the shell's spinners (contacts first, the screen's code).
      let screen: HTMLElement | undefined;
      for (let i = 0; i < 300 && !(screen && !screen.querySelector('.pk-inline-loading')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        screen = current();
      }
      if (screen?.querySelector('[data-shell-message="coming-soon"]')) soon.push(path);
    }
    return soon;
  }, paths);
}
