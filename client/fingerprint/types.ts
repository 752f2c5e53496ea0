/**
 * What the fingerprint probes read, as small structural types: a test passes plain objects, and a
 * browser without an API simply leaves the field out.
 */

export interface UADataBrand {
  brand: string;
  version: string;
}

export interface UserAgentDataLike {
  brands?: readonly UADataBrand[];
  mobile?: boolean;
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<Record<string, unknown>>;
}

export interface BatteryLike {
  charging?: boolean;
  level?: number;
  chargingTime?: number;
  dischargingTime?: number;
}

export interface NavigatorLike {
  userAgent?: string;
  language?: string;
  languages?: readonly string[];
  platform?: string;
  hardwareConcurrency?: number;
  deviceMemory?: number;
  maxTouchPoints?: number;
  cookieEnabled?: boolean;
  doNotTrack?: string | null;
  userAgentData?: UserAgentDataLike;
  getBattery?: () => Promise<BatteryLike>;
  bluetooth?: { getAvailability?: () => Promise<boolean> };
}

export interface CanvasLike {
  width: number;
  height: number;
  getContext(contextId: string, options?: unknown): unknown;
  toDataURL?: (type?: string) => string;
}

export interface AudioParamLike {
  value: number;
  setValueAtTime?: (value: number, time: number) => unknown;
}

export interface AudioNodeLike {
  connect(destination: unknown): unknown;
}

export interface AudioBufferLike {
  getChannelData(channel: number): ArrayLike<number>;
}

export interface OfflineAudioContextLike {
  currentTime?: number;
  destination: unknown;
  createOscillator(): AudioNodeLike & { type: string; frequency: AudioParamLike; start(when?: number): void };
  createDynamicsCompressor(): AudioNodeLike & {
    threshold: AudioParamLike;
    knee: AudioParamLike;
    ratio: AudioParamLike;
    attack: AudioParamLike;
    release: AudioParamLike;
  };
  startRendering(): Promise<AudioBufferLike> | void;
  oncomplete?: ((event: { renderedBuffer: AudioBufferLike }) => void) | null;
}

export type OfflineAudioContextCtor = new (channels: number, length: number, sampleRate: number) => OfflineAudioContextLike;

export interface FingerprintEnv {
  navigator?: NavigatorLike;
  /** Makes a fresh canvas; each probe uses its own. */
  createCanvas?: () => CanvasLike | null | undefined;
  OfflineAudioContext?: OfflineAudioContextCtor;
  /** IANA time zone; default Intl.DateTimeFormat().resolvedOptions().timeZone. */
  timeZone?: () => string | undefined;
  /** For SHA-256; without it the hash falls back to cyrb53. */
  subtle?: Pick<SubtleCrypto, 'digest'>;
  /** Audio gives up after this (spec §9: 1 s); the other asynchronous probes too. */
  /** Hands control back to the browser between probes (default: a zero-delay timer). */
  yieldToMain?: () => Promise<void>;
  timeoutMs?: number;
}
