// What every chat tool that spends credits holds: it says so (the table of tools reads `spends`),
// it remembers the calls it prepared without a confirmation (./unconfirmed.ts), and it reaches the
// connection and today's spend. Each tool adds its name, its words and what it calls.
import type { Services } from '../../platform/services';
import type { SpendApi } from '../spend';
import { Unconfirmed } from './unconfirmed';

export abstract class PaidTool {
  readonly spends = true;
  protected readonly unconfirmed = new Unconfirmed();

  constructor(protected readonly services: Services, protected readonly spend: SpendApi) {}
}
