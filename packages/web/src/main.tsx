import { createRoot } from 'react-dom/client';
import { startApp } from './app/start.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
startApp(createRoot(container));
