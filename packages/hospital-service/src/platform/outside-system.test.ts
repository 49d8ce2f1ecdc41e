import { describe, expect, it } from 'vitest';
import { askOutside, OutsideSystemError } from './outside-system.ts';

class Refusal extends Error {}

describe('askOutside', () => {
  it('gives the answer of a port that answers in time', async () => {
    await expect(askOutside('医院信息系统（HIS）', async () => 42)).resolves.toBe(42);
  });

  it('turns a failure into a 503 naming the system, the cause kept', async () => {
    const cause = new Error('ECONNREFUSED');
    const error = await askOutside('检验系统（LIS）', async () => {
      throw cause;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideSystemError);
    expect((error as OutsideSystemError).httpStatus).toBe(200);
    expect((error as OutsideSystemError).envelope).toMatchObject({
      state: 503,
      msg: '检验系统（LIS）暂不可用',
      subMsg: '检验系统（LIS）暂时无法访问，请稍后再试（本次操作未生效）',
    });
    expect((error as OutsideSystemError).cause).toBe(cause);
  });

  it('gives up after the deadline and aborts the call', async () => {
    let aborted = false;
    const error = await askOutside(
      '快递公司',
      (signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
          });
          setTimeout(resolve, 5_000);
        }),
      { timeoutMs: 20 },
    ).catch((e: unknown) => e);
    expect((error as OutsideSystemError).envelope.subMsg).toBe(
      '快递公司响应超时，请稍后再试（本次操作未生效）',
    );
    expect(aborted).toBe(true);
  });

  it('lets the port’s own business refusal through when asked to', async () => {
    const refusal = new Refusal('no');
    await expect(
      askOutside(
        'HIS',
        async () => {
          throw refusal;
        },
        { passThrough: (e) => e instanceof Refusal },
      ),
    ).rejects.toBe(refusal);
  });
});
