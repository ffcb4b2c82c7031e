import { createBrowserRouter, RouterProvider } from "react-router";
import { useApplyLocalTheme } from "../features/settings/themeColors";
import { Toasts } from "../features/toasts/Toasts";
import { rememberNavigationTarget } from "./chunkReload";
import { routes } from "./routes";

const router = createBrowserRouter(routes);
// A screen whose code fails to load reloads at the address it was going to (chunkReload).
router.subscribe((state) =>
  rememberNavigationTarget(
    state.navigation.location ? router.createHref(state.navigation.location) : null,
  ),
);

export function App() {
  useApplyLocalTheme();
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>
  );
}
