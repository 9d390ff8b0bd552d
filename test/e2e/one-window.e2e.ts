// Five families in one workbench, in turn: a research run, a docs set and the credits panel; an
// advanced search; a PDF as markdown; a browser session; a watch. Each file of steps (*.steps.ts)
// was a window of its own, and a window's start costs about 25 CPU s of the 2 cores that the host
// run beside it needs (issue 45); none of the five needs a window no one used before. Their order
// matters: the research steps come first, as the credits panel counts every spend of the window
// today; the watch's last, as it moves the emulator's clock a day and a half. Each family starts
// with no quick input, tab or notification of the one before (tidyWindow). Run on its own: npm run
// package, then mocha on this file.
import { advancedSteps } from './advanced.steps';
import { browserSteps } from './browser.steps';
import { documentsSteps } from './documents.steps';
import { researchSteps } from './research.steps';
import { workbenchSuite } from './suite';
import { watchSteps } from './watch.steps';
import { screenshot } from './workbench';

describe('e2e: one window, five families in turn', function () {
  this.timeout(180_000);
  const wb = workbenchSuite({ name: 'families', shot: screenshot });
  researchSteps(wb);
  advancedSteps(wb);
  documentsSteps(wb);
  browserSteps(wb);
  watchSteps(wb);
});
