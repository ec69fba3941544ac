// The one reading of the wall clock in the gateway's production code. The app is given a clock
// (BuildAppOptions.now: this one unless a test, the demo or the daily job's command gives another), and every
// rule's "now" and "today" comes from it through the deps. Only what must agree with the operating system's own
// times (a file's modification time) asks the system clock here directly, whatever clock the app was given.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
