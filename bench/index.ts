// `npm run bench`: runs each section in turn; each prints its own figures. Add a section by
// adding a line below (a module exporting `async function run(): Promise<void>`).
// `npm run bench -- client` runs only the sections named.

interface Section {
  name: string;
  load: () => Promise<{ run: () => Promise<unknown> }>;
}

const sections: Section[] = [
  { name: 'client', load: () => import('./client') },
  { name: 'webhooks', load: () => import('./webhooks') },
  { name: 'activation', load: () => import('./activation') },
  { name: 'entries', load: () => import('./entries') },
  { name: 'crawl-results', load: () => import('./crawl-results') },
];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const chosen = wanted.length > 0 ? sections.filter((s) => wanted.includes(s.name)) : sections;
  if (chosen.length === 0) {
    console.error(`No such bench section: ${wanted.join(', ')}. Sections: ${sections.map((s) => s.name).join(', ')}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
  for (const section of chosen) {
    console.log(`\n== ${section.name} ==`);
    const module = await section.load();
    await module.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
