import type { RawData } from "ws";

/** Frames a socket may send before its token is checked and its player loaded. */
export const EARLY_FRAME_LIMIT = 32;
/** Bytes of those frames, together. */
export const EARLY_BYTE_LIMIT = 64 * 1024;

/** What a socket sent while it authenticated, kept to be handled in order afterwards; bounded. */
export class EarlyFrames {
  private frames: RawData[] = [];
  private bytes = 0;

  /** Keeps the frame; false (and nothing kept) when it would pass either limit. */
  push(data: RawData): boolean {
    const size = Array.isArray(data)
      ? data.reduce((sum, b) => sum + b.byteLength, 0)
      : data.byteLength;
    if (this.frames.length >= EARLY_FRAME_LIMIT || this.bytes + size > EARLY_BYTE_LIMIT) {
      return false;
    }
    this.frames.push(data);
    this.bytes += size;
    return true;
  }

  /** The kept frames, oldest first; the buffer is empty afterwards. */
  take(): RawData[] {
    const out = this.frames;
    this.frames = [];
    this.bytes = 0;
    return out;
  }
}
