// Type tests, checked by `tsc -p tsconfig.test.json` and never run: the interfaces and props that take an IncusHost
// (a Project's, a Profile's) name the IncusHost class itself, although they are declared in lib/constructs/model,
// below the host constructs (IncusHost enters itself in HostClasses). So a project's host is an IncusHost, and a
// LibvirtHost is not one.
import type { TerraformStack } from "cdktf";
import type { IProfile, IProject, ProfileProps, ProjectProps } from "../../lib";
import { IncusHost, LibvirtHost, Profile, Project } from "../../lib";

export function projectAndProfileHosts(stack: TerraformStack): void {
  const host = new IncusHost(stack, "lab");
  const project: IProject = new Project(stack, "apps", { host });
  const profile: IProfile = new Profile(stack, "web", { host, project });

  const projectHost: IncusHost = project.host;
  const profileHost: IncusHost = profile.host;
  const props: ProjectProps = { host: profileHost };
  const profileProps: ProfileProps = { host: projectHost, project };
  new Profile(stack, "db", profileProps);
  new Project(stack, "more", props);

  const kvm = new LibvirtHost(stack, "kvm");
  // @ts-expect-error a Project needs an IncusHost
  new Project(stack, "wrong", { host: kvm });
  // @ts-expect-error a Profile needs an IncusHost
  const wrong: ProfileProps = { host: kvm };
  void wrong;
}
