/** The outside system of 隐私与授权 (the hospital's), as the routes see it: asynchronous, replaceable. */
export interface ConsentSource {
  /** One line about the account's items at the hospital. */
  noteFor(hospitalId: string): Promise<string>;
}

/** The simulated system (development and tests): a fixed line per hospital. */
export class SimulatedConsentSource implements ConsentSource {
  async noteFor(hospitalId: string): Promise<string> {
    return `医院 ${hospitalId} 的隐私与授权信息（模拟）`;
  }
}
