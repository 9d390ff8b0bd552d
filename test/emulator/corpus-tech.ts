// Corpus pages about software: documentation, a blog, code-hosting pages, research papers, PDFs.
// Ages are in days before the emulator's now(), so time filters find the same pages on any day.
import type { RawPage } from './corpus';

export const TECH_PAGES: RawPage[] = [
  {
    url: 'https://docs.tideflow.dev/getting-started',
    kind: 'docs',
    ageDays: 40,
    title: 'Getting started with Tideflow',
    description: 'Install Tideflow, create your first stream pipeline and run it locally in five minutes.',
    images: [{ title: 'Tideflow pipeline diagram', imageUrl: 'https://docs.tideflow.dev/img/pipeline-diagram.png', width: 1200, height: 800 }],
    markdown: `# Getting started with Tideflow

Tideflow is a small library for building stream processing pipelines in TypeScript. A pipeline reads events from a source, transforms them in stages and writes them to a sink.

## Install

Run \`npm install tideflow\` in your project. Tideflow needs Node.js 20 or later.

## Your first pipeline

\`\`\`ts
import { pipeline, fromArray, toConsole } from 'tideflow';
await pipeline(fromArray([1, 2, 3]), (n) => n * 2, toConsole());
\`\`\`

The pipeline above doubles every number and prints it. Read the [streams guide](https://docs.tideflow.dev/guide/streams) next.
`,
  },
  {
    url: 'https://docs.tideflow.dev/guide/streams',
    kind: 'docs',
    ageDays: 35,
    title: 'Streams guide - Tideflow',
    description: 'How sources, stages and sinks fit together, and how events flow through a Tideflow pipeline.',
    markdown: `# Streams guide

Every Tideflow pipeline is made of three parts: a source that produces events, stages that transform them, and a sink that consumes them.

## Sources

A source can read from an array, a file, a socket or a message queue. Sources are lazy: nothing is read until the sink asks for data.

## Stages

A stage is a function from one event to zero, one or many events. Stages run in order, and each stage may be asynchronous.

## Sinks

A sink writes events somewhere: the console, a file, a database. See [backpressure](https://docs.tideflow.dev/guide/backpressure) for what happens when a sink is slow.
`,
  },
  {
    url: 'https://docs.tideflow.dev/guide/backpressure',
    kind: 'docs',
    ageDays: 33,
    title: 'Backpressure - Tideflow',
    description: 'How Tideflow slows a fast source down when a sink cannot keep up.',
    markdown: `# Backpressure

When a sink is slower than its source, events pile up in memory. Tideflow prevents this with backpressure: each stage has a bounded buffer, and a full buffer pauses the stage before it.

## Buffer size

The default buffer holds 64 events. Set \`highWaterMark\` on a stage to change it.

## Dropping events

For telemetry, losing a few events is better than slowing down. Use the \`dropOldest\` strategy to keep the newest events when a buffer is full.
`,
  },
  {
    url: 'https://docs.tideflow.dev/reference/config',
    kind: 'docs',
    ageDays: 30,
    title: 'Configuration reference - Tideflow',
    description: 'Every configuration option of Tideflow with its default value.',
    markdown: `# Configuration reference

Tideflow reads its configuration from \`tideflow.config.json\` or from the options passed to \`pipeline()\`.

## Options

- \`concurrency\`: how many events a stage handles at once. Default 1.
- \`highWaterMark\`: the buffer size of each stage. Default 64.
- \`retry\`: how often a failing stage is retried. Default 0.
- \`timeoutMs\`: how long a stage may take per event. Default 30000.

## Environment variables

\`TIDEFLOW_LOG_LEVEL\` sets the log level: error, warn, info or debug.
`,
  },
  {
    url: 'https://docs.tideflow.dev/faq',
    kind: 'docs',
    ageDays: 25,
    title: 'Frequently asked questions - Tideflow',
    description: 'Answers to common questions about Tideflow: browsers, licensing, performance.',
    markdown: `# Frequently asked questions

## Does Tideflow run in the browser?

Yes. The core has no Node.js dependencies; only the file and socket sources need Node.js.

## What licence does Tideflow use?

Tideflow is released under the MIT licence.

## How fast is it?

On a laptop a simple pipeline handles about two million events per second. See the benchmarks article on the blog.
`,
  },
  {
    url: 'https://docs.tideflow.dev/whitepaper.pdf',
    kind: 'pdf',
    ageDays: 300,
    title: 'Tideflow whitepaper: bounded buffers for stream processing',
    description: 'A PDF describing the design of Tideflow and its backpressure model.',
    markdown: `# Tideflow whitepaper: bounded buffers for stream processing

## Abstract

This whitepaper describes the design of Tideflow, a stream processing library built around bounded buffers. We show that bounded buffers give predictable memory use without hurting throughput.

## Design

Each stage owns a ring buffer. A producer that finds the buffer full waits for a signal from the consumer, so memory use never grows beyond the sum of the buffer sizes.
`,
  },
  {
    url: 'https://blog.tideflow.dev/2026/tideflow-3-released',
    kind: 'article',
    ageDays: 2,
    title: 'Tideflow 3.0 released',
    description: 'Tideflow 3.0 brings typed stages, a new scheduler and faster backpressure.',
    markdown: `# Tideflow 3.0 released

We are happy to announce Tideflow 3.0. This release brings typed stages, a new scheduler and faster backpressure handling.

## Typed stages

Stages now carry the types of their input and output, so a pipeline that connects mismatched stages fails to compile.

## Upgrading

Most pipelines upgrade without changes. The \`retry\` option now counts attempts instead of retries; see the [configuration reference](https://docs.tideflow.dev/reference/config).
`,
  },
  {
    url: 'https://blog.tideflow.dev/2025/benchmarks',
    kind: 'article',
    ageDays: 120,
    title: 'Benchmarking Tideflow against other stream libraries',
    description: 'We measured throughput and memory use of Tideflow and three other stream processing libraries.',
    images: [{ title: 'Throughput benchmark chart', imageUrl: 'https://blog.tideflow.dev/img/throughput-chart.png', width: 1600, height: 900 }],
    markdown: `# Benchmarking Tideflow against other stream libraries

We measured the throughput and memory use of Tideflow and three other stream processing libraries on the same laptop.

## Throughput

Tideflow handled two million events per second in a simple map pipeline, close to a hand-written loop.

## Memory

Thanks to bounded buffers, memory use stayed flat while the sink was slow. Libraries without backpressure grew without bound.
`,
  },
  {
    url: 'https://blog.tideflow.dev/2024/why-we-built-tideflow',
    kind: 'article',
    ageDays: 700,
    title: 'Why we built Tideflow',
    description: 'The story behind Tideflow: a telemetry pipeline that kept running out of memory.',
    markdown: `# Why we built Tideflow

Our telemetry pipeline kept running out of memory every time the database slowed down. Existing stream libraries either ignored backpressure or made it hard to use.

## The idea

We wanted pipelines that read like a list of functions and never use more memory than their buffers allow. Tideflow is the result.
`,
  },
  {
    url: 'https://codehost.example/tideflow/tideflow',
    kind: 'code',
    ageDays: 1,
    title: 'tideflow/tideflow: Stream processing pipelines with backpressure for TypeScript',
    description: 'Repository of Tideflow: source code, issues and releases. 4.2k stars.',
    markdown: `# tideflow

Stream processing pipelines with backpressure for TypeScript.

## Repository

- Source code in \`src/\`, tests in \`test/\`
- Licence: MIT
- Latest release: v3.0.0

## Contributing

Open an issue before starting on a large change. Run \`npm test\` before sending a pull request.
`,
  },
  {
    url: 'https://codehost.example/tideflow/tideflow/issues/412',
    kind: 'code',
    ageDays: 9,
    title: 'Memory leak when a sink throws · Issue #412 · tideflow/tideflow',
    description: 'A sink that throws leaves its buffer allocated; the pipeline leaks memory on every retry.',
    markdown: `# Memory leak when a sink throws

When a sink throws an error, the buffer of the last stage is never released. With \`retry\` set, every attempt allocates a new buffer, so memory grows until the process crashes.

## Steps to reproduce

Create a pipeline whose sink always throws and set \`retry: 5\`. Watch the heap grow.

## Expected

The buffer is released when the sink fails.
`,
  },
  {
    url: 'https://codehost.example/lumen-ui/lumen',
    kind: 'code',
    ageDays: 15,
    title: 'lumen-ui/lumen: Accessible UI components for the web',
    description: 'Repository of Lumen, a library of accessible web components with theming.',
    markdown: `# lumen

Accessible UI components for the web: buttons, dialogs, menus and tabs that work with a keyboard and a screen reader.

## Install

Run \`npm install @lumen-ui/core\` and import the components you need.

## Theming

Every colour is a CSS custom property, so a theme is a small stylesheet.
`,
  },
  {
    url: 'https://docs.lumen-ui.dev/components/button',
    kind: 'docs',
    ageDays: 50,
    title: 'Button - Lumen documentation',
    description: 'The Lumen button component: variants, sizes and accessibility notes.',
    images: [{ title: 'Lumen button variants screenshot', imageUrl: 'https://docs.lumen-ui.dev/img/button-variants.png', width: 800, height: 600 }],
    markdown: `# Button

The button component triggers an action. It comes in three variants: primary, secondary and ghost.

## Accessibility

A button needs a visible label or an \`aria-label\`. Do not use a button for navigation; use a link instead.

## Sizes

Buttons come in small, medium and large sizes.
`,
  },
  {
    url: 'https://docs.lumen-ui.dev/theming',
    kind: 'docs',
    ageDays: 55,
    title: 'Theming - Lumen documentation',
    description: 'Create a dark theme or a brand theme for Lumen with CSS custom properties.',
    images: [{ title: 'Lumen dark theme screenshot', imageUrl: 'https://docs.lumen-ui.dev/img/dark-theme.png', width: 1920, height: 1080 }],
    markdown: `# Theming

Lumen themes are stylesheets that set CSS custom properties. The default theme is light; a dark theme ships with the library.

## Creating a theme

Copy the default theme, change the colour properties and load your stylesheet after Lumen's own.
`,
  },
  {
    url: 'https://papers.openscholar.example/abs/2409.01234',
    kind: 'research',
    ageDays: 180,
    title: 'Bounded Buffers and Throughput in Stream Processing Systems',
    description: 'We study how bounded buffers affect the throughput and latency of stream processing systems.',
    markdown: `# Bounded Buffers and Throughput in Stream Processing Systems

## Abstract

Stream processing systems use buffers between operators to absorb bursts. We study how the size of bounded buffers affects throughput and latency, and show that small buffers with backpressure reach ninety percent of the throughput of unbounded ones.

## Method

We ran four open source stream processing systems on synthetic workloads with bursty arrivals.
`,
  },
  {
    url: 'https://papers.openscholar.example/pdf/2409.01234.pdf',
    kind: 'research',
    categories: ['research', 'pdf'],
    ageDays: 180,
    title: 'Bounded Buffers and Throughput in Stream Processing Systems (PDF)',
    description: 'Full text PDF of the paper on bounded buffers in stream processing.',
    markdown: `# Bounded Buffers and Throughput in Stream Processing Systems

## 1 Introduction

Buffers between operators absorb bursts of events. Unbounded buffers risk running out of memory; bounded buffers need backpressure.

## 2 Results

Small bounded buffers reached ninety percent of the throughput of unbounded buffers while keeping memory use constant.
`,
  },
  {
    url: 'https://papers.openscholar.example/abs/2311.04567',
    kind: 'research',
    ageDays: 380,
    title: 'Detecting Plant Diseases from Leaf Images with Small Convolutional Networks',
    description: 'A small convolutional network detects tomato leaf diseases from phone photos.',
    images: [{ title: 'Tomato leaf disease examples', imageUrl: 'https://papers.openscholar.example/figures/2311.04567-fig1.png', width: 1024, height: 768 }],
    markdown: `# Detecting Plant Diseases from Leaf Images with Small Convolutional Networks

## Abstract

We train a small convolutional network to detect diseases on tomato leaves from phone photos. The model runs on a phone and reaches high accuracy on early blight and leaf mould.

## Data

We collected twelve thousand photos of tomato leaves from community gardens.
`,
  },
  {
    url: 'https://research.lyra-university.example/labs/distributed-systems',
    kind: 'research',
    ageDays: 90,
    title: 'Distributed Systems Lab - Lyra University',
    description: 'The distributed systems lab studies consensus, replication and stream processing.',
    markdown: `# Distributed Systems Lab

The distributed systems lab at Lyra University studies consensus protocols, replication and stream processing.

## Current projects

- Consensus under network partitions
- Exactly-once delivery in stream processing
- Energy use of replicated databases
`,
  },
  {
    url: 'https://research.lyra-university.example/publications/consensus-under-partitions.pdf',
    kind: 'research',
    categories: ['research', 'pdf'],
    ageDays: 450,
    title: 'Consensus under Network Partitions',
    description: 'Technical report on keeping consensus available during network partitions.',
    markdown: `# Consensus under Network Partitions

## Abstract

Consensus protocols stop making progress when a network partition separates a majority of replicas. We describe a protocol that keeps reads available during partitions without giving up safety.

## Evaluation

In a five replica cluster, reads stayed available during every partition we injected.
`,
  },
  {
    // What a search from a CSS problem's quick fix finds (the end-to-end run's lightbulb step).
    url: 'https://devnotes.example/css/unknown-property',
    kind: 'article',
    ageDays: 12,
    title: 'Unknown property in CSS: the unknownProperties lint warning',
    description: 'Why the CSS language service says "Unknown property" for a declaration such as colr: red, and how to fix or silence it.',
    markdown: `# Unknown property in CSS

Editors that use the CSS language service warn with \`unknownProperties\` when a declaration names a property the browser does not know, such as \`colr: red\` for \`color: red\`.

## Fixing it

Most often the property is misspelled: \`colr\` is \`color\`, \`backgound\` is \`background\`. Correct the name and the warning goes.

## Silencing it

For a property a newer browser knows, set \`css.lint.unknownProperties\` to \`ignore\`, or list the property in \`css.lint.validProperties\`.
`,
  },
];
