// The search query the model writes from the person's question: one line, asked with the
// question alone (no page has been read yet, so nothing outside can steer it), and read back as
// a query of at most the service's length. An empty or unusable answer falls back to the question.
import { modelBlock, modelLine } from '../chat/model-text';
import { QUERY_MAX_LENGTH } from '../search/query-input';

export function queryPrompt(question: string): string {
  return [
    'Write one web search query that finds pages answering the question below.',
    'Answer with the query only: no quotes, no explanation, at most 12 words.',
    '',
    `Question: ${modelBlock(question)}`,
  ].join('\n');
}

/** The model's answer as the query to send; the question itself when the answer gives none. */
export function queryFrom(answer: string, question: string): string {
  const line = answer.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  const query = modelLine(line.replace(/^(query:\s*)/i, '').replace(/^["'`]+|["'`]+$/g, ''), QUERY_MAX_LENGTH).trim();
  return query !== '' ? query : modelLine(question, QUERY_MAX_LENGTH);
}
