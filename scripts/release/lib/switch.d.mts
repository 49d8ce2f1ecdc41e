export declare function switchRelease(options: { key: string; version: string; root?: string }): {
  previous: string | null;
  current: string;
};
