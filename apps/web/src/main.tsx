import { StrictMode } from "react";
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

// The first render is an ordinary (urgent) one: rendered in a transition, a first render that
// suspended on a screen's code committed nothing, and the page stayed on index.html's static
// "Loading…" (seen in the settings spec after a reload). The shell's later states follow the
// store in transitions instead (store/deferredRender.ts).
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
