import { useEffect } from "react";
import { useLocation } from "react-router";
import { documentTitle, titleFor } from "./routeTitles";
import { useTitleOverride } from "./useDocumentTitle";

/** Keeps `document.title` on the current screen's title (its own, else its route's). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const override = useTitleOverride((state) => state.title);
  useEffect(() => {
    document.title = documentTitle(override ?? titleFor(pathname));
  }, [override, pathname]);
  return null;
}
