// libvirt: { kernelBoot, serialLogFile } on an Instance: the domain's os block (direct kernel boot) and a file
// console on the serial port; host paths are checked at synth and name the prop and the construct path.
import { Instance, LibvirtHost } from "../../../lib";
import { errorOf, newStack, resource, synth } from "./support";

function lab() {
  const stack = newStack();
  const kvm = new LibvirtHost(stack, "kvm");
  return { stack, kvm };
}

describe("Instance libvirt.kernelBoot and serialLogFile", () => {
  test("os.kernel/initrd/cmdline and a file console on ttyS0", () => {
    const { stack, kvm } = lab();
    new Instance(stack, "vm", {
      host: kvm,
      libvirt: {
        kernelBoot: { kernel: "/boot/guest/vmlinuz", initrd: "/boot/guest/initrd.img", cmdline: "console=ttyS0 quiet" },
        serialLogFile: "/var/log/guests/vm.log",
      },
    });
    const domain = resource(synth(stack), "libvirt_domain", "vm");
    expect(domain.os).toEqual({
      type: "hvm",
      kernel: "/boot/guest/vmlinuz",
      initrd: "/boot/guest/initrd.img",
      cmdline: "console=ttyS0 quiet",
    });
    expect(domain.devices.consoles).toEqual([
      { type: "file", source: { path: "/var/log/guests/vm.log" }, target: { type: "serial", port: 0 } },
    ]);
  });

  test("without them the os block is only the type (so removing kernelBoot removes the kernel) and consoles are left alone", () => {
    const { stack, kvm } = lab();
    new Instance(stack, "vm", { host: kvm });
    const domain = resource(synth(stack), "libvirt_domain", "vm");
    expect(domain.os).toEqual({ type: "hvm" });
    expect(domain.devices.consoles).toBeUndefined();
  });

  test.each([
    [{ kernelBoot: { kernel: "vmlinuz" } }, /libvirt\.kernelBoot\.kernel.*absolute path/],
    [{ kernelBoot: { kernel: "/k", initrd: "initrd.img" } }, /libvirt\.kernelBoot\.initrd.*absolute path/],
    [{ kernelBoot: { kernel: "/k", cmdline: "a\nb" } }, /libvirt\.kernelBoot\.cmdline.*single line/],
    [{ kernelBoot: {} }, /libvirt\.kernelBoot\.kernel.*is required/],
    [{ serialLogFile: "console.log" }, /libvirt\.serialLogFile.*absolute path/],
  ])("%j is a synth error naming the prop", (libvirt, message) => {
    const { stack, kvm } = lab();
    const error = errorOf(() => new Instance(stack, "vm", { host: kvm, libvirt: libvirt as never }));
    expect(error).toMatch(message);
    expect(error).toMatch(/vm/);
  });
});
