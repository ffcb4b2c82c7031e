/**
 * A coarse description of the device behind a User-Agent header: browser family and
 * operating system only ("Firefox on Linux"), never versions, so it is not a fingerprint.
 */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (!browser && !system) return "Unknown device";
  return `${browser ?? "Unknown browser"} on ${system ?? "an unknown system"}`;
}

function browserOf(ua: string): string | undefined {
  if (/\bEdg(?:e|A|iOS)?\//.test(ua)) return "Edge";
  if (/\bOPR\/|\bOpera\b/.test(ua)) return "Opera";
  if (/\bSamsungBrowser\//.test(ua)) return "Samsung Internet";
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return "Firefox";
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return "Chrome";
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return "Safari";
  return undefined;
}

function systemOf(ua: string): string | undefined {
  if (/\bWindows\b/.test(ua)) return "Windows";
  if (/\bAndroid\b/.test(ua)) return "Android";
  if (/\biPhone\b|\biPad\b|\biPod\b/.test(ua)) return "iOS";
  if (/\bCrOS\b/.test(ua)) return "ChromeOS";
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return "macOS";
  if (/\bLinux\b|\bX11\b/.test(ua)) return "Linux";
  return undefined;
}
