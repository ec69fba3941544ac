// No `import 'reflect-metadata'` here: inversify brings the light edition it reads ('reflect-metadata/lite'),
// and nothing in this client relies on emitted metadata (every constructor parameter names its port with
// @inject), so the full edition would only add its weight to the login page.
import { createRoot } from 'react-dom/client';
import { App } from './app';

createRoot(document.getElementById('root')!).render(<App />);
