// The client's one reading of the wall clock (the Clock port): the browser's own time, which a browser test moves
// with the page's clock.
import { injectable } from 'inversify';
import type { Clock } from '../../application/ports/clock.port';

@injectable()
export class BrowserClock implements Clock {
  now(): Date {
    return new Date();
  }
}
