// Testing Library's findBy… and waitFor give up after one second by default; a component test on a loaded
// machine can need longer for a lazily loaded dialog to render. Waiting longer never makes a failing
// expectation pass: it only stops a slow render from reading as a failure.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
