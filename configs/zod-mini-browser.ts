/**
 * What `zod/mini` resolves to in app bundles. The apps take only the *types* of @patient/contract's schemas;
 * the hospital-service does the validation. So in the browser a schema is an inert value: building one costs
 * nothing and ships no zod code (about 8 KB gzip saved). Parsing in the browser is a mistake and throws.
 * Using a zod function not listed here fails the build ("… is not exported"): add it to the list.
 */
const notInTheBrowser = () => {
  throw new Error(
    'zod schemas are not bundled in the apps: validate with @patient/validation, or on the service',
  );
};

const inert: unknown = new Proxy(() => inert, {
  get: (_target, key) =>
    key === 'parse' || key === 'safeParse' || key === 'parseAsync' ? notInTheBrowser : inert,
  apply: () => inert,
});

export {
  inert as any,
  inert as array,
  inert as boolean,
  inert as check,
  inert as coerce,
  inert as custom,
  inert as enum,
  inert as extend,
  inert as gte,
  inert as int,
  inert as length,
  inert as literal,
  inert as lte,
  inert as maxLength,
  inert as minLength,
  inert as nullable,
  inert as number,
  inert as object,
  inert as optional,
  inert as partial,
  inert as pipe,
  inert as record,
  inert as regex,
  inert as string,
  inert as toJSONSchema,
  inert as transform,
  inert as trim,
  inert as tuple,
  inert as union,
  inert as unknown,
  notInTheBrowser as parse,
  notInTheBrowser as safeParse,
};
