import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Toaster } from "./components/ui/toast";
import { PersonalAssistantProvider } from "./lib/personal-assistant";
import { createQueryClient } from "./lib/query-client";
import { applyTheme, getTheme } from "./lib/theme";
import { installUnhandledRejectionHandler } from "./lib/unhandled-rejection";
import { createAppRouter } from "./router";
import "./styles.css";

installUnhandledRejectionHandler();

applyTheme(getTheme());

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PersonalAssistantProvider>
        <RouterProvider router={router} />
        <Toaster />
      </PersonalAssistantProvider>
    </QueryClientProvider>
  </StrictMode>,
);
