import { wallClock } from '@atelier/contracts';
import { useFirmTimeZone } from '../../lib/session';

/** Today in the firm's time zone (YYYY-MM-DD): the day the server counts runs by. */
export const useFirmToday = (): string => wallClock(new Date(), useFirmTimeZone()).slice(0, 10);
