// A minimal MCP client over stdio (newline-delimited JSON-RPC 2.0), enough to initialize the
// service's MCP server and call its tools; written here so the test depends on the server only.
import type { Child } from './processes';

export interface ToolResult {
  isError?: boolean;
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

export class McpClient {
  private nextId = 1;

  constructor(private readonly child: Child) {}

  private async request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    this.child.process.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    const line = await this.child.stdout.wait((l) => {
      try {
        return (JSON.parse(l) as { id?: unknown }).id === id;
      } catch {
        return false;
      }
    }, `the MCP server's answer to ${method} (#${id})`);
    const answer = JSON.parse(line) as { result?: unknown; error?: { message: string } };
    if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  }

  async initialize(): Promise<{ serverInfo: { name: string; version: string } }> {
    const result = await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'web-data-peer-test', version: '1' } });
    this.child.process.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    return result as { serverInfo: { name: string; version: string } };
  }

  async tools(): Promise<string[]> {
    const result = await this.request('tools/list', {}) as { tools: Array<{ name: string }> };
    return result.tools.map((t) => t.name);
  }

  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    return this.request('tools/call', { name, arguments: args }) as Promise<ToolResult>;
  }
}
