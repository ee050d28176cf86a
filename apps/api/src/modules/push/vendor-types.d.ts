/**
 * The parts of web-push 3.6.7 (no types of its own) and of http_ece 1.2.0 (which it uses; the push
 * tests decrypt with it as a browser would) that the shop calls.
 */
declare module 'web-push' {
  interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
  }
  interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  const webpush: {
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
    /** The encrypted body and the VAPID, TTL and encoding headers of one push, without sending it. */
    generateRequestDetails(
      subscription: PushSubscription,
      payload: string | Buffer,
      options: RequestOptions,
    ): RequestDetails;
  };
  export default webpush;
}

declare module 'http_ece' {
  interface DecryptParams {
    version: 'aes128gcm';
    privateKey: import('node:crypto').ECDH;
    authSecret: string | Buffer;
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
