// Corpus pages about everything else: news with recent dates, gardening and cooking articles with
// images, and PDF reports. Ages are in days before the emulator's now() (0.02 days is about 30 minutes).
import type { RawPage } from './corpus';

export const LIFE_PAGES: RawPage[] = [
  {
    url: 'https://news.dailyharbor.example/2026/harbor-bridge-reopens',
    kind: 'news',
    ageDays: 0.02,
    title: 'Harbor bridge reopens after repairs',
    description: 'The harbor bridge reopened to traffic this morning after three months of repairs.',
    images: [{ title: 'Harbor bridge at dawn', imageUrl: 'https://news.dailyharbor.example/img/harbor-bridge.jpg', width: 1200, height: 800 }],
    markdown: `# Harbor bridge reopens after repairs

The harbor bridge reopened to traffic this morning after three months of repairs to its deck and cables.

## Traffic

Buses return to their usual routes from tomorrow. Cyclists get a new protected lane on the east side.
`,
  },
  {
    url: 'https://news.dailyharbor.example/2026/city-council-budget',
    kind: 'news',
    ageDays: 0.2,
    title: 'City council approves budget for new tram line',
    description: 'The council voted to fund a tram line linking the harbor to the university.',
    markdown: `# City council approves budget for new tram line

The city council approved the budget for a new tram line linking the harbor district to Lyra University.

## Timeline

Construction starts next spring. The first trams should run within three years.
`,
  },
  {
    url: 'https://news.dailyharbor.example/2026/community-garden-harvest',
    kind: 'news',
    ageDays: 3,
    title: 'Community garden celebrates record tomato harvest',
    description: 'Volunteers at the harbor community garden picked over a tonne of tomatoes this season.',
    images: [{ title: 'Volunteers with tomato crates', imageUrl: 'https://news.dailyharbor.example/img/garden-harvest.jpg', width: 800, height: 600 }],
    markdown: `# Community garden celebrates record tomato harvest

Volunteers at the harbor community garden picked over a tonne of tomatoes this season, a record for the garden.

## Compost

The gardeners credit their hot composting, which turned kitchen scraps from local restaurants into rich soil.
`,
  },
  {
    url: 'https://news.dailyharbor.example/2026/rail-timetable-change',
    kind: 'news',
    ageDays: 20,
    title: 'Rail timetable changes on the north line',
    description: 'CityRail publishes a new timetable for the north line with more evening trains.',
    markdown: `# Rail timetable changes on the north line

CityRail published a new timetable for the north line. Evening trains run every fifteen minutes instead of every thirty.

## Weekend works

Some weekend trains are replaced by buses during track works.
`,
  },
  {
    url: 'https://news.dailyharbor.example/2026/spring-festival',
    kind: 'news',
    ageDays: 200,
    title: 'Spring festival draws record crowds to the harbor',
    description: 'More than forty thousand visitors came to the spring festival on the harbor front.',
    markdown: `# Spring festival draws record crowds to the harbor

More than forty thousand visitors came to the spring festival on the harbor front, with music, food stalls and a boat parade.
`,
  },
  {
    url: 'https://technews.example/2026/browser-engine-speeds-up-layout',
    kind: 'news',
    ageDays: 0.08,
    title: 'Browser engine speeds up page layout by a third',
    description: 'A new layout engine cuts page layout time by a third on large documents.',
    images: [{ title: 'Layout benchmark results', imageUrl: 'https://technews.example/img/layout-benchmark.png', width: 1600, height: 900 }],
    markdown: `# Browser engine speeds up page layout by a third

A new layout engine cuts the time to lay out large documents by a third. The engine caches the size of text runs between frames.

## Availability

The new engine ships in the next stable browser release.
`,
  },
  {
    url: 'https://technews.example/2026/tideflow-3-typed-stages',
    kind: 'news',
    ageDays: 1.5,
    title: 'Tideflow 3 brings typed stages to stream processing',
    description: 'The Tideflow stream processing library released version 3 with typed stages.',
    markdown: `# Tideflow 3 brings typed stages to stream processing

The open source Tideflow library released version 3. Typed stages catch mismatched pipelines at compile time, and a new scheduler speeds up backpressure.
`,
  },
  {
    url: 'https://technews.example/2025/quantum-error-correction-milestone',
    kind: 'news',
    ageDays: 400,
    title: 'Quantum error correction passes a milestone',
    description: 'Researchers kept a logical qubit alive longer than any of its physical qubits.',
    markdown: `# Quantum error correction passes a milestone

Researchers kept a logical qubit alive longer than any of the physical qubits it is made of, a milestone for quantum error correction.
`,
  },
  {
    url: 'https://www.gardenjournal.example/tomatoes/growing-tomatoes-in-containers',
    kind: 'article',
    ageDays: 60,
    title: 'Growing tomatoes in containers',
    description: 'Choose the right pot, soil and variety to grow tomatoes on a balcony.',
    images: [
      { title: 'Cherry tomatoes in a terracotta pot', imageUrl: 'https://images.gardenjournal.example/tomatoes-pot.jpg', width: 1920, height: 1080 },
      { title: 'Tomato seedlings on a windowsill', imageUrl: 'https://images.gardenjournal.example/tomato-seedlings.jpg', width: 800, height: 600 },
    ],
    markdown: `# Growing tomatoes in containers

Tomatoes grow well in containers if the pot is large enough. Choose a pot of at least twenty litres for each plant.

## Soil

Use a peat-free compost mixed with a little grit. Feed with a tomato fertiliser once the first flowers open.

## Varieties

Cherry tomatoes and bush varieties suit containers best. Tall cordon varieties need a stake.
`,
  },
  {
    url: 'https://www.gardenjournal.example/compost/hot-composting-guide',
    kind: 'article',
    ageDays: 75,
    title: 'A guide to hot composting',
    description: 'Turn kitchen and garden waste into compost in weeks instead of months.',
    images: [{ title: 'Compost bays', imageUrl: 'https://images.gardenjournal.example/compost-bays.jpg', width: 640, height: 480 }],
    markdown: `# A guide to hot composting

Hot composting turns kitchen and garden waste into compost in six to eight weeks. The heap must reach sixty degrees to kill weed seeds.

## Mixing greens and browns

Mix one part green waste, such as grass clippings, with two parts brown waste, such as cardboard and dry leaves.

## Turning

Turn the heap every few days to let air in.
`,
  },
  {
    url: 'https://www.gardenjournal.example/pests/aphids-natural-control',
    kind: 'article',
    ageDays: 95,
    title: 'Controlling aphids without chemicals',
    description: 'Ladybirds, companion plants and a jet of water keep aphids off roses and beans.',
    images: [{ title: 'Ladybird eating aphids', imageUrl: 'https://images.gardenjournal.example/ladybird.jpg', width: 400, height: 400 }],
    markdown: `# Controlling aphids without chemicals

Aphids suck sap from roses, beans and tomatoes. You rarely need chemicals to control them.

## Natural predators

Ladybirds and lacewings eat hundreds of aphids. Plant flowers such as marigolds to attract them.

## A jet of water

Wash aphids off with a strong jet of water every few days.
`,
  },
  {
    url: 'https://www.gardenjournal.example/gallery/autumn-borders',
    kind: 'article',
    ageDays: 10,
    title: 'Gallery: autumn borders',
    description: 'Photos of autumn borders with asters, grasses and late roses.',
    images: [
      { title: 'Autumn border with asters', imageUrl: 'https://images.gardenjournal.example/autumn-asters.jpg', width: 3000, height: 2000 },
      { title: 'Ornamental grasses in autumn light', imageUrl: 'https://images.gardenjournal.example/autumn-grasses.jpg', width: 1920, height: 1080 },
      { title: 'Late roses by a wall', imageUrl: 'https://images.gardenjournal.example/late-roses.jpg', width: 800, height: 600 },
    ],
    markdown: `# Gallery: autumn borders

Our readers sent photos of their autumn borders. Asters, ornamental grasses and late roses keep a border colourful until the first frost.
`,
  },
  {
    url: 'https://www.slowkitchen.example/recipes/sourdough-starter',
    kind: 'article',
    ageDays: 150,
    title: 'How to make a sourdough starter',
    description: 'Flour, water and a week of patience: make a sourdough starter from scratch.',
    images: [{ title: 'Bubbly sourdough starter in a jar', imageUrl: 'https://www.slowkitchen.example/img/starter.jpg', width: 1024, height: 768 }],
    markdown: `# How to make a sourdough starter

A sourdough starter is flour and water fermented by wild yeast. It takes about a week to become active.

## Feeding

Each day, discard half of the starter and feed it with equal weights of flour and water.

## Is it ready?

The starter is ready when it doubles in size within six hours of a feed.
`,
  },
  {
    url: 'https://www.slowkitchen.example/recipes/roast-tomato-soup',
    kind: 'article',
    ageDays: 5,
    title: 'Roast tomato soup',
    description: 'A simple soup of roasted tomatoes, garlic and basil.',
    markdown: `# Roast tomato soup

Roasting tomatoes with garlic brings out their sweetness. This soup uses the end-of-season tomatoes from the garden.

## Method

Roast halved tomatoes and garlic for forty minutes, blend with stock and basil, and season to taste.
`,
  },
  {
    url: 'https://static.cityrail.example/reports/annual-report-2025.pdf',
    kind: 'pdf',
    ageDays: 250,
    title: 'CityRail annual report 2025',
    description: 'Passenger numbers, punctuality and finances of CityRail for 2025.',
    markdown: `# CityRail annual report 2025

## Passengers

CityRail carried forty-two million passengers in 2025, six percent more than the year before.

## Punctuality

Ninety-one percent of trains arrived within five minutes of their timetable.
`,
  },
  {
    url: 'https://static.cityrail.example/timetables/north-line.pdf',
    kind: 'pdf',
    ageDays: 19,
    title: 'North line timetable',
    description: 'Timetable of the CityRail north line, valid from this month.',
    markdown: `# North line timetable

Trains run every fifteen minutes from six in the morning until midnight. On weekends the first train leaves at seven.
`,
  },
];
