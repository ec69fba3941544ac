// Loaded with `node --import` into a browser test's gateway (startGateway's clockOffsetMs): the process's wall
// clock runs E2E_CLOCK_OFFSET_MS ahead, so the gateway, its rules and its close-of-business runner live on a later
// day, as a gateway does when the days have really passed. Timers keep real time; a date given explicitly is
// left as it is.
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const Real = Date;
  function MovedDate(...args) {
    if (!new.target) return new Real(Real.now() + offset).toString();
    return args.length === 0 ? new Real(Real.now() + offset) : new Real(...args);
  }
  Object.setPrototypeOf(MovedDate, Real);
  MovedDate.prototype = Real.prototype;
  MovedDate.now = () => Real.now() + offset;
  globalThis.Date = MovedDate;
}
