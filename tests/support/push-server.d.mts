/** The push service's public origin: subscriptions' endpoints live under it. */
export const PUBLIC_ORIGIN: string;

export interface PushServer {
  /** Where it listens (http on 127.0.0.1): the Worker's PUSH_LOOPBACK_ORIGIN. */
  origin: string;
  readonly pushCount: number;
  close(): Promise<void>;
}

export function startPushServer(): Promise<PushServer>;
