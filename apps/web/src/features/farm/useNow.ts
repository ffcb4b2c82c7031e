import { useEffect, useState } from "react";

/** The time, renewed every `everyMs` (spec: the shell checks the farm every 3 s). */
export function useNow(everyMs = 3000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
