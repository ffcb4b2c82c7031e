import { useSyncExternalStore } from "react";
import { readStorage, writeStorage } from "./storage";

/**
 * A value kept in one localStorage key, observable by React components.
 * Changes from other tabs arrive through the "storage" event.
 */
export interface LocalValue<T> {
  readonly key: string;
  get(): T;
  set(value: T): void;
  /** Remove the key; get() then returns the default again. */
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export interface LocalValueCodec<T> {
  /** Turn the stored text (null when absent) into a value; must not throw. */
  parse(raw: string | null): T;
  serialize(value: T): string;
}

export function createLocalValue<T>(key: string, codec: LocalValueCodec<T>): LocalValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  return {
    key,
    get() {
      const raw = readStorage(key);
      // Cache by raw text so useSyncExternalStore sees a stable snapshot.
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cachedValue = codec.parse(raw);
      }
      return cachedValue;
    },
    set(value) {
      writeStorage(key, codec.serialize(value));
      notify();
    },
    clear() {
      writeStorage(key, null);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== "undefined") {
        window.addEventListener("storage", onStorage);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== "undefined") {
          window.removeEventListener("storage", onStorage);
        }
      };
    },
  };
}

/** Subscribe a component to a LocalValue. */
export function useLocalValue<T>(value: LocalValue<T>): T {
  return useSyncExternalStore(value.subscribe, value.get, value.get);
}

export const stringCodec: LocalValueCodec<string | null> = {
  parse: (raw) => (raw === null || raw === "" ? null : raw),
  serialize: (value) => value ?? "",
};

export const booleanCodec = (fallback: boolean): LocalValueCodec<boolean> => ({
  parse: (raw) => (raw === null ? fallback : raw === "true"),
  serialize: (value) => String(value),
});

export const integerCodec = (fallback: number): LocalValueCodec<number> => ({
  parse: (raw) => {
    const parsed = raw === null ? Number.NaN : Number.parseInt(raw, 10);
    return Number.isFinite(parsed) ? parsed : fallback;
  },
  serialize: (value) => String(Math.trunc(value)),
});

export const stringListCodec: LocalValueCodec<readonly string[]> = {
  parse: (raw) => {
    if (raw === null) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
    } catch {
      return [];
    }
  },
  serialize: (value) => JSON.stringify(value),
};
