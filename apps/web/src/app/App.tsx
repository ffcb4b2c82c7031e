import { createBrowserRouter, RouterProvider } from "react-router";
import { useApplyLocalTheme } from "../features/settings/themeColors";
import { Toasts } from "../features/toasts/Toasts";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

export function App() {
  useApplyLocalTheme();
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>
  );
}
