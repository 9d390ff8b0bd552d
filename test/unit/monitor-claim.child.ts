// Another window's process for monitor-claim.test.ts: claims the check it is given and says whether it won.
import { CheckClaims } from '../../src/core/monitor/claim';

const [folder = '', checkId = ''] = process.argv.slice(2);
void new CheckClaims(folder).claim(checkId).then((won) => { process.send?.(won); process.exit(0); });
