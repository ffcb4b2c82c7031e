import { BrowserRouter, useRoutes } from "react-router";
import { useApplyLocalTheme } from "../features/settings/themeColors";
import { Toasts } from "../features/toasts/Toasts";
import { routes } from "./routes";

/**
 * React Router's declarative mode (BrowserRouter and a route tree): the screens load their
 * own code through React.lazy (lazyScreen), so the router's data layer (loaders, actions,
 * fetchers; twice the code) is not in the first load.
 */
export function App() {
  useApplyLocalTheme();
  return (
    <>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
      <Toasts />
    </>
  );
}

function Screens() {
  return useRoutes(routes);
}
