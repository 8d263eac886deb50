/** `npx cdk synth` / `npx cdk deploy` entry (infra/cdk.json). */
import { buildApp } from '../lib/app';

buildApp().app.synth();
