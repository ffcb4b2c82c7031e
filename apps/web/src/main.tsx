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

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
