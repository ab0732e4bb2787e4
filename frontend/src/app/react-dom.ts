// A start-up step of src/main.tsx (BOOT_STEPS in vite.config.ts): React DOM evaluated on its own.
export { createRoot } from 'react-dom/client';
