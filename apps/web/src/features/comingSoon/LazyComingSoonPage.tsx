import { lazy, Suspense } from "react";
import type { ComingSoonKey } from "./comingSoonScreens";

const Page = lazy(async () => ({ default: (await import("./ComingSoonPage")).ComingSoonPage }));

/** The "coming soon" screens, in their own chunk (no first load needs them). */
export function ComingSoonPage({ screen }: { screen: ComingSoonKey }) {
  return (
    <Suspense fallback={null}>
      <Page screen={screen} />
    </Suspense>
  );
}
