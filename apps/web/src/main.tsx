import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { applyShellQueryParams } from "./features/auth/applyShellQueryParams";
import { registerServiceWorker } from "./features/pwa/serviceWorker";
import "./styles/index.css";

// Store ?jwt= / ?ref= before the router reads the address.
applyShellQueryParams();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

registerServiceWorker();

// The first render in a transition: React renders the shell in slices of a few
// milliseconds, yielding to the browser between them, instead of one long task.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
