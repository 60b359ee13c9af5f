// SimpleCartTrees trains Weka's SimpleCart on every row of each ARFF file
// named (the class is the last attribute) and prints one line per file:
//
//	name nodes leaves sha256 [predictions mae]
//
// sha256 is the SHA-256, in hex, of the tree in the form the Go tests'
// cartTreeText prints (one line per node, in preorder, branch 0 first;
// read from SimpleCart's fields): "depth index v,w,…" at a split on the
// attribute of that index, the codes listed being the values that go to
// branch 0 (those whose "(name)" is in its split string, as
// distributionForInstance decides); "depth : class n0,n1,…" at a leaf,
// with its class and training counts.
// With -predictions, predictions has one character per row, in file
// order: the index of the class SimpleCart predicts, in base 36; and mae
// is the mean over rows and classes of |p(c) − [c = class]|, SimpleCart's
// class probabilities against the row's class, to 10 decimals. With
// -print, the tree text follows each line. The other arguments
// before "--" are SimpleCart's options (none: its defaults, pruned, -S 1).
//
// The fixtures simplecart_shared.txt and golden_trees_simplecart.txt were
// made with Debian's weka (Weka 3.6.14), from ARFF files made as their
// headers say:
//
//	javac -cp /usr/share/java/weka.jar -d /tmp SimpleCartTrees.java
//	java -cp /usr/share/java/weka.jar:/tmp SimpleCartTrees [-predictions] [options] -- NAME=FILE.arff ...
import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weka.classifiers.trees.SimpleCart;
import weka.core.Attribute;
import weka.core.Instances;

public class SimpleCartTrees {
  public static void main(String[] args) throws Exception {
    List<String> opts = new ArrayList<String>();
    boolean predictions = false, print = false;
    int i = 0;
    for (; i < args.length && !args[i].equals("--"); i++) {
      if (args[i].equals("-predictions")) {
        predictions = true;
      } else if (args[i].equals("-print")) {
        print = true;
      } else {
        opts.add(args[i]);
      }
    }
    for (i++; i < args.length; i++) {
      String[] nf = args[i].split("=", 2);
      Instances data = new Instances(new BufferedReader(new FileReader(nf[1])));
      data.setClassIndex(data.numAttributes() - 1);
      SimpleCart c = new SimpleCart();
      c.setOptions(opts.toArray(new String[0]));
      c.buildClassifier(data);
      String text = canonical(c);
      StringBuilder line = new StringBuilder(nf[0] + " " + c.numNodes() + " " + c.numLeaves() + " " + sha256(text));
      if (predictions) {
        StringBuilder pred = new StringBuilder();
        double err = 0;
        for (int r = 0; r < data.numInstances(); r++) {
          double[] p = c.distributionForInstance(data.instance(r));
          pred.append(Character.forDigit((int) c.classifyInstance(data.instance(r)), 36));
          int y = (int) data.instance(r).classValue();
          for (int k = 0; k < p.length; k++) {
            err += Math.abs(p[k] - (k == y ? 1 : 0));
          }
        }
        err /= (double) data.numInstances() * data.numClasses();
        line.append(" " + pred + " " + String.format(Locale.ROOT, "%.10f", err));
      }
      System.out.println(line);
      if (print) {
        System.out.print(text);
      }
    }
  }

  // canonical returns the tree rooted at node in cartTreeText's form.
  static String canonical(SimpleCart node) throws Exception {
    StringBuilder sb = new StringBuilder();
    walk(node, 0, sb);
    return sb.toString();
  }

  static Object field(SimpleCart node, String name) throws Exception {
    Field f = SimpleCart.class.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(node);
  }

  static void walk(SimpleCart node, int depth, StringBuilder sb) throws Exception {
    Attribute att = (Attribute) field(node, "m_Attribute");
    if (att == null) { // a leaf, grown or pruned (makeLeaf clears m_Attribute)
      double[] dist = (double[]) field(node, "m_Distribution");
      sb.append(depth + " : " + (int) (double) (Double) field(node, "m_ClassValue") + " ");
      for (int c = 0; c < dist.length; c++) {
        sb.append((c > 0 ? "," : "") + (long) dist[c]);
      }
      sb.append("\n");
      return;
    }
    String split = (String) field(node, "m_SplitString");
    sb.append(depth + " " + att.index() + " ");
    boolean first = true;
    for (int v = 0; v < att.numValues(); v++) {
      if (split.indexOf("(" + att.value(v) + ")") != -1) {
        sb.append((first ? "" : ",") + v);
        first = false;
      }
    }
    sb.append("\n");
    SimpleCart[] kids = (SimpleCart[]) field(node, "m_Successors");
    walk(kids[0], depth + 1, sb);
    walk(kids[1], depth + 1, sb);
  }

  static String sha256(String s) throws Exception {
    byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    StringBuilder sb = new StringBuilder();
    for (byte b : h) {
      sb.append(String.format("%02x", b));
    }
    return sb.toString();
  }
}
