export interface ChatServer {
  /** Where it listens (http on 127.0.0.1); the OpenAI-compatible base URL is `${origin}/v1/`. */
  origin: string;
  close(): Promise<void>;
}

export function startChatServer(): Promise<ChatServer>;
