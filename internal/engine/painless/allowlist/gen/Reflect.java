// Reflect answers the generator's questions about JDK classes with the
// running JDK's reflection: the questions PainlessLookupBuilder asks
// (Class.getMethod, getField, getSuperclass, getInterfaces, isInterface,
// Modifier.isStatic). Run in source-file mode: java Reflect.java < questions.
//
// Questions, one a line (each answer ends with a line E), names as Class.getName spells them:
//   class C              -> H C super|- iface|0 iface,iface   (then H for each supertype)
//   method C name P...   -> R declaringClass static|instance  or  R ? (not loadable)
//   field C name         -> R declaringClass static|instance  or  R ?
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

public class Reflect {
    private static final Set<Class<?>> described = new HashSet<>();

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.trim().split(" ");
            try {
                switch (f[0]) {
                    case "class" -> describe(load(f[1]));
                    case "method" -> {
                        Class<?>[] params = new Class<?>[f.length - 3];
                        for (int i = 3; i < f.length; i++) params[i - 3] = load(f[i]);
                        Method m = load(f[1]).getMethod(f[2], params);
                        System.out.println("R " + m.getDeclaringClass().getName() + " " + (Modifier.isStatic(m.getModifiers()) ? "static" : "instance"));
                    }
                    case "field" -> {
                        Field fl = load(f[1]).getField(f[2]);
                        System.out.println("R " + fl.getDeclaringClass().getName() + " " + (Modifier.isStatic(fl.getModifiers()) ? "static" : "instance"));
                    }
                    default -> System.out.println("R ?");
                }
            } catch (ReflectiveOperationException | LinkageError e) {
                System.out.println(f[0].equals("class") ? "H ? " + f[1] : "R ?");
            }
            System.out.println("E");
        }
    }

    private static Class<?> load(String name) throws ClassNotFoundException {
        switch (name) {
            case "boolean": return boolean.class;
            case "byte": return byte.class;
            case "short": return short.class;
            case "char": return char.class;
            case "int": return int.class;
            case "long": return long.class;
            case "float": return float.class;
            case "double": return double.class;
            case "void": return void.class;
            default: return Class.forName(name, false, Reflect.class.getClassLoader());
        }
    }

    private static void describe(Class<?> c) {
        if (c == null || described.add(c) == false) {
            if (c != null) System.out.println("H = " + c.getName());
            return;
        }
        StringBuilder ifaces = new StringBuilder();
        for (Class<?> i : c.getInterfaces()) {
            if (ifaces.length() > 0) ifaces.append(',');
            ifaces.append(i.getName());
        }
        Class<?> sup = c.getSuperclass();
        System.out.println("H " + c.getName() + " " + (sup == null ? "-" : sup.getName()) + " "
            + (c.isInterface() ? "iface" : "class") + " " + (ifaces.length() == 0 ? "-" : ifaces));
        if (sup != null) describe(sup);
        for (Class<?> i : c.getInterfaces()) describe(i);
    }
}
