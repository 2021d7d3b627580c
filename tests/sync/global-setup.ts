import { makeSetup } from '../support/stack-setup';

export default makeSetup({ build: false });
