// `cdktf synth` entry of the GitOps example: the homelab stack with its state in PostgreSQL. The pipeline
// (pipeline.sh, run by github-actions.yml or gitlab-ci.yml) plans it, refuses plans that would destroy data
// (`cdktf-virt explain --guard`), and applies exactly the plan that passed.
import { App } from "cdktf";
import { HomelabStack } from "../homelab/stack";
import { usePgBackend } from "./backend";

const app = new App();
const stack = new HomelabStack(app, process.env.STACK ?? "cdktf-virt-homelab");
usePgBackend(stack, { schemaName: process.env.TF_STATE_SCHEMA });
app.synth();
