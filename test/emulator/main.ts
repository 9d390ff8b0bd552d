// `npm run emulator [-- --port N]`: the emulator on its own, for the sandbox and for trying the
// extension by hand. Prints its URL and the demo key; stops on Ctrl-C or SIGTERM.
import { DEMO_API_KEY, startEmulator } from './index';

function portArgument(args: string[]): number {
  const i = args.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i === -1) return 0;
  const arg = args[i] ?? '';
  const text = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[i + 1] ?? '');
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port needs a whole number from 0 to 65535; got "${text}".\n`);
    process.exit(2);
  }
  return port;
}

// The package is CommonJS, so no top-level await.
async function main(): Promise<void> {
  const emulator = await startEmulator({ port: portArgument(process.argv.slice(2)), log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(
    `Web Data Service emulator listening on ${emulator.url}\n` +
      `  demo API key: ${DEMO_API_KEY} (a fake key for this emulator only)\n` +
      `  admin:        ${emulator.adminUrl}/state\n` +
      'Press Ctrl-C to stop.\n',
  );

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
